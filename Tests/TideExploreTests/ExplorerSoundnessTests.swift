import Foundation
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@testable import Tide

/// The explorer's own soundness (issue 25): what it searches must be what it says it searched.
@MainActor
@Suite struct ExplorerSoundnessTests {
  struct Counter: Equatable {
    var count = 0
  }

  enum Tap: Equatable, Sendable {
    case increment
  }

  static let counter = Reducer<Counter, Tap, Void> { state, _, _ in
    state.count += 1
    return .none
  }

  func explorer(
    initialState: Counter = Counter(), actions: [Tap] = [.increment],
    invariants: [Invariant<Counter, Tap>]
  ) -> Explorer<Counter, Tap, Void> {
    Explorer(
      initialState: initialState, reducer: Self.counter, environment: { _, _ in },
      actions: { _ in actions }, invariants: invariants)
  }

  @Test func runSeedsAreIndependent() {
    // Run n + 1 must not be run n shifted by one draw: that made every run the run before it,
    // one step later.
    for seed: UInt64 in [0, 7, 42, .max] {
      var shifted = 0
      for run in 0..<500 {
        var earlier = SeededRandom(seed: SeededRandom.seed(seed, run: run))
        var later = SeededRandom(seed: SeededRandom.seed(seed, run: run + 1))
        _ = earlier.next()
        if earlier.next() == later.next() { shifted += 1 }
      }
      #expect(shifted == 0, "seed \(seed)")
    }
  }

  @Test func theInitialStateIsChecked() async {
    let broken = explorer(
      initialState: Counter(count: -1),
      invariants: [.always("the count is never negative") { $0.count >= 0 }])
    for report in [
      await broken.random(seed: 1, runs: 10, steps: 5), await broken.exhaustive(depth: 3),
    ] {
      let failure = try! #require(report.failure)
      #expect(failure.schedule.isEmpty)
      #expect(failure.kind == .invariant("the count is never negative"))
      #expect(failure.messageWithoutTest.contains("the initial state, before any step."))
    }
    // With no actions at all, it still fails.
    let idle = explorer(
      initialState: Counter(count: -1), actions: [],
      invariants: [.always("the count is never negative") { $0.count >= 0 }])
    #expect(await idle.random(seed: 1, runs: 1, steps: 1).failure != nil)
  }

  @Test func aCallWithNoOutcomesIsReportedNotACrash() async {
    struct Environment { var fetch: @Sendable () async throws -> Int }
    let reducer = Reducer<Counter, Tap, Environment> { _, _, environment in
      .run(name: "fetch") { _ in
        _ = try await environment.fetch()
      } catch: { _, _ in
      }
    }
    let explorer = Explorer(
      initialState: Counter(), reducer: reducer,
      environment: { calls, _ in
        Environment(fetch: { try await calls.call("fetch", outcomes: [] as [ExploreOutcome<Int>]) })
      },
      actions: { _ in [.increment] }, invariants: [])
    let report = await explorer.random(seed: 3, runs: 5, steps: 3)
    let failure = try! #require(report.failure)
    #expect(failure.schedule == [.send(.increment)])
    #expect(
      failure.kind
        == .runtimeIssue(
          """
          An explorable call declared no outcomes.

            Call: fetch()

          The explorer cannot end a call without an outcome, so it threw \
          ExploreCallError.noOutcomes instead of waiting. Declare at least one outcome.
          """))
  }

  struct Ticking {
    var clock: any Clock<Duration>
  }

  @Test func settlingIsNotPartOfTheSchedule() async throws {
    // A ticker that never stops: the run ends with it still running, after the 64 timer steps
    // that settling takes. The schedule is the one send that started it.
    let reducer = Reducer<Counter, Tap, Ticking> { state, _, environment in
      state.count += 1
      return .run(name: "ticker") { _ in
        while true { try await environment.clock.sleep(for: .seconds(1)) }
      }
    }
    let explorer = Explorer(
      initialState: Counter(), reducer: reducer, environment: { _, clock in Ticking(clock: clock) },
      actions: { $0.count == 0 ? [.increment] : [] }, invariants: [])
    for report in [
      await explorer.random(seed: 5, runs: 3, steps: 4), await explorer.exhaustive(depth: 3),
    ] {
      let failure = try #require(report.failure)
      #expect(failure.schedule == [.send(.increment)])
      #expect(failure.kind == .effectsStillRunning([".run(\"ticker\")"]))
      #expect(
        failure.messageWithoutTest.contains(
          "  1. send .increment\n  Then the run ended as a test must, in 64 more steps"))
    }
  }

  @Test func exhaustiveModeEndsADeadEndAsATestMust() async throws {
    // After `.increment` nothing can happen (no action, no timer, no call), yet an effect still
    // listens: only ending the run shows it, at depth 1 of 5.
    let reducer = Reducer<Counter, Tap, Void> { state, _, _ in
      state.count += 1
      return .run(name: "listen") { _ in
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        for await _ in stream {}
        continuation.finish()
      }
    }
    let explorer = Explorer(
      initialState: Counter(), reducer: reducer, environment: { _, _ in },
      actions: { $0.count == 0 ? [.increment] : [] }, invariants: [])
    let exhaustive = await explorer.exhaustive(depth: 5)
    let failure = try #require(exhaustive.failure)
    #expect(failure.schedule == [.send(.increment)])
    #expect(failure.kind == .effectsStillRunning([".run(\"listen\")"]))
    #expect(await explorer.random(seed: 1, runs: 2, steps: 5).failure?.kind == failure.kind)
  }

  /// A state whose mirror hides the field that matters, as a custom mirror may.
  struct Hidden: Equatable, CustomReflectable {
    var shown = 0
    var hidden = 0
    var customMirror: Mirror { Mirror(self, children: ["shown": shown]) }
  }

  /// A state whose difference is past what the printer prints.
  struct Large: Equatable {
    var values = [Int](repeating: 0, count: 100_001)
  }

  @Test func exhaustiveModeTellsApartStatesThatPrintAlike() async throws {
    let hidden = Explorer(
      initialState: Hidden(),
      reducer: Reducer<Hidden, Tap, Void> { state, _, _ in
        state.hidden += 1
        return .none
      }, environment: { _, _ in }, actions: { _ in [.increment] },
      invariants: [.always("hidden stays below 2") { $0.hidden < 2 }])
    let hiddenFailure = try #require(await hidden.exhaustive(depth: 3).failure)
    #expect(hiddenFailure.schedule == [.send(.increment), .send(.increment)])

    let large = Explorer(
      initialState: Large(),
      reducer: Reducer<Large, Tap, Void> { state, _, _ in
        state.values[100_000] += 1
        return .none
      }, environment: { _, _ in }, actions: { _ in [.increment] },
      invariants: [.always("the last value stays below 2") { $0.values[100_000] < 2 }])
    let largeFailure = try #require(await large.exhaustive(depth: 2).failure)
    #expect(largeFailure.schedule.count == 2)
  }

  struct Fetches: Equatable {
    var received: [Int] = []
  }

  enum Fetch: Equatable, Sendable {
    case fetch(Int)
    case got(Int)
  }

  @Test func aResolveNamesTheExactCallAndItsOutcomeByLabel() async throws {
    let clock = ManualClock()
    let calls = ExploreCalls()
    let reducer = Reducer<Fetches, Fetch, Void> { state, action, _ in
      switch action {
      case .fetch(let n):
        return .run(name: "fetch") { send in
          let value = try await calls.call(
            "fetch", n, outcomes: [.success(n * 10), .success(n * 100)])
          await send(.got(value))
        }
      case .got(let value):
        state.received.append(value)
        return .none
      }
    }
    let store = Store(
      initialState: Fetches(), reducer: reducer, environment: (), drivenBy: clock)
    store.send(.fetch(1))
    store.send(.fetch(2))
    await clock.advance()
    #expect(calls.pending.map(\.number) == [1, 2])
    let label = calls.pending[1].outcomes[1]
    // The newer call first, and its second outcome: what the oldest-by-name resolve got wrong.
    #expect(calls.resolve(named: "fetch", number: 2, label: label) == nil)
    await clock.advance()
    #expect(store.state.received == [200])
    #expect(
      calls.resolve(named: "fetch", number: 2, label: label)
        == "Call fetch #2 is not waiting to be resolved.\n\n  Waiting: fetch #1, fetch(1)")
    #expect(
      calls.resolve(named: "fetch", number: 1, label: "failure(nope)")
        == "fetch(1) (fetch #1) has no outcome failure(nope).\n\n  Outcome: \(calls.pending[0].outcomes[0])\n  Outcome: \(calls.pending[0].outcomes[1])"
    )
    await store.send(.got(0)).finish()
    store.cancelRunningEffects()
  }

  @Test func anExportedResolveOfAnOutcomeTheCallNoLongerHasFails() async {
    let clock = ManualClock()
    let calls = ExploreCalls()
    let store = TestStore(
      initialState: Login.State(username: "ab", password: "Abc1"), reducer: Login.reducer,
      environment: Login.Environment.explorable(calls: calls, clock: clock))
    store.exhaustivity = .off
    await store.send(.loginButtonTapped)
    // A call that is not waiting is left alone: a fixed feature may not make it.
    calls.resolveIfWaiting("login", number: 2, outcome: "failure(.nilData)")
    // A waiting call without the outcome (renamed, removed) fails, instead of passing quietly.
    withKnownIssue {
      calls.resolveIfWaiting("login", number: 1, outcome: "failure(.noData)")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        login("ab", "Abc1") (login #1) has no outcome failure(.noData).

          Outcome: success(User(name: "ab", userName: "ab", email: "ab@example.com", address: "", designation: ""))
          Outcome: failure(.invalidCredentials)
          Outcome: failure(.nilData)
          Outcome: failure(.wrongStatusCode(500))
        """
    }
    calls.resolveIfWaiting("login", number: 1, outcome: "failure(.nilData)")
    await store.skipReceivedActions()
    #expect(store.state.alert != nil)
  }

  struct Tokened: Equatable {
    var count = 0
    var token = UUID()
  }

  @Test func aNondeterministicFeatureIsSaidToBeOne() async throws {
    let tokened = Explorer(
      initialState: Tokened(),
      reducer: Reducer<Tokened, Tap, Void> { state, _, _ in
        state.count += 1
        state.token = UUID()  // not from the environment
        return .none
      }, environment: { _, _ in }, actions: { _ in [.increment] },
      invariants: [.always("never incremented") { $0.count == 0 }])
    let failure = try #require(await tokened.random(seed: 2, runs: 3, steps: 3).failure)
    #expect(!failure.isDeterministic)
    #expect(
      failure.messageWithoutTest.contains(
        "Warning: the feature is not deterministic. Replaying this schedule gave another state after .increment (reduction 1):"
      ))
    let deterministic = explorer(
      invariants: [.always("never incremented") { $0.count == 0 }])
    let other = try #require(await deterministic.random(seed: 2, runs: 3, steps: 3).failure)
    #expect(other.isDeterministic)
    #expect(!other.messageWithoutTest.contains("not deterministic"))
  }

  @Test func anEffectThatNeverWaitsIsStoppedAndNamed() async throws {
    let reducer = Reducer<Counter, Tap, Void> { state, _, _ in
      state.count += 1
      return .run(name: "spinner") { _ in
        while !Task.isCancelled { await Task.yield() }
      }
    }
    let explorer = Explorer(
      initialState: Counter(), reducer: reducer, environment: { _, _ in },
      actions: { $0.count == 0 ? [.increment] : [] }, invariants: [])
    let failure = try #require(await explorer.random(seed: 4, runs: 2, steps: 2).failure)
    #expect(failure.schedule == [.send(.increment)])
    #expect(
      failure.kind
        == .runtimeIssue(
          """
          An effect never waits: a step ran 100,000 jobs without any of them waiting on the \
          clock or a call.

            Running: .run("spinner")

          An effect that loops on Task.yield() (or polls without sleeping) never lets the run go \
          on; sleep on the environment's clock, or wait on a call, between its turns.
          """))
  }

  @Test func anEffectDeclaredEndlessIsNoFalseAlarm() async throws {
    // A correct poller: it runs until the feature is gone, on purpose.
    let reducer = Reducer<Counter, Tap, Ticking> { state, _, environment in
      state.count += 1
      return .run(name: "poller") { _ in
        while true { try await environment.clock.sleep(for: .seconds(5)) }
      }
    }
    func explorer(endless: Set<String>) -> Explorer<Counter, Tap, Ticking> {
      Explorer(
        initialState: Counter(), reducer: reducer,
        environment: { _, clock in Ticking(clock: clock) },
        actions: { $0.count < 2 ? [.increment] : [] },
        invariants: [.always("at most two") { $0.count <= 2 }], endless: endless)
    }
    let declared = explorer(endless: ["poller"])
    #expect(await declared.random(seed: 1, runs: 20, steps: 6).failure == nil)
    #expect(await declared.exhaustive(depth: 4).failure == nil)
    let undeclared = explorer(endless: [])
    #expect(
      await undeclared.exhaustive(depth: 4).failure?.kind
        == .effectsStillRunning([".run(\"poller\")"]))
  }
}
