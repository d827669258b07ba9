import Testing
import TideTestSupport
import TideTesting

@testable import Tide

@MainActor
@Suite struct EffectTests {
  enum Action: Sendable, Equatable {
    case start(String)
    case finished(String)
    case cancel(String)
  }

  /// Runs `effect` for `.start` and records every action the store handles.
  func makeStore(
    _ effect: @escaping @Sendable (String) -> Effect<Action>,
    clock: ManualClock
  ) -> Store<[Action], Action> {
    let reducer = Reducer<[Action], Action, Void> { log, action, _ in
      log.append(action)
      switch action {
      case .start(let name): return effect(name)
      case .cancel(let id): return .cancel(id: id)
      case .finished: return .none
      }
    }
    return Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
  }

  @Test func descriptionsSpellTheEffect() {
    let effect = Effect<Action>.merge(
      .send(.finished("a")),
      .run(name: "geocode") { _ in }.cancellable(id: "search", cancelInFlight: true),
      .concatenate(.run { _ in }, .cancel(id: "search"))
    )
    #expect(
      effect.description
        == #".merge(.send(.finished("a")), .run("geocode").cancellable(id: "search", cancelInFlight: true), .concatenate(.run, .cancel(id: "search")))"#
    )
    #expect(Effect<Action>.none.description == ".none")
    #expect(Effect<Action>.none.isNone)
  }

  @Test func mergeAndConcatenateFlattenAndDropNone() {
    let merged = Effect<Action>.merge(.none, .merge(.send(.start("a")), .none), .send(.start("b")))
    #expect(merged.description == #".merge(.send(.start("a")), .send(.start("b")))"#)
    #expect(Effect<Action>.merge(.none, .none).isNone)
    #expect(
      Effect<Action>.concatenate(.none, .send(.start("a"))).description == #".send(.start("a"))"#)
    #expect(merged.immediateActions == [.start("a"), .start("b")])
  }

  @Test("A chain of thousands of concatenations stays flat, prints and runs in order")
  func longConcatenationChain() async {
    var chain = Effect<Action>.send(.finished("0"))
    var deep = Effect<Action>.send(.finished("0"))
    for index in 1..<5_000 {
      chain = chain.concatenate(with: .run { send in await send(.finished("\(index)")) })
      deep = deep.concatenate(with: .send(.finished("\(index)"))).cancellable(id: index)
    }
    guard case .concatenate(let steps) = chain.shape else {
      Issue.record("not a concatenation: \(chain.shape)")
      return
    }
    #expect(steps.count == 5_000)
    #expect(chain.description.hasPrefix(#".concatenate(.send(.finished("0")), .run, .run"#))
    let deepDescription = deep.description
    let printsInnermostFirst = deepDescription.hasPrefix(#".concatenate(.concatenate(.concat"#)
    let printsOutermostLast = deepDescription.hasSuffix(
      #".send(.finished("4999"))).cancellable(id: 4999)"#)
    #expect(printsInnermostFirst)
    #expect(printsOutermostLast)

    let clock = ManualClock()
    let finished = chain
    let store = makeStore({ _ in finished }, clock: clock)
    await store.send(.start("chain")).finish()
    #expect(store.state.count == 5_001)
    #expect(store.state.last == .finished("4999"))
    #expect(
      store.state.dropFirst().map { if case .finished(let n) = $0 { n } else { "" } }
        == (0..<5_000).map { "\($0)" })
  }

  @Test func shapeExposesStructure() {
    let effect = Effect<Action>.run(name: "login") { _ in }.cancellable(id: 7)
    guard case .cancellable(let id, let cancelInFlight, let inner) = effect.shape,
      case .run(let name) = inner.shape
    else {
      Issue.record("unexpected shape: \(effect)")
      return
    }
    #expect(id == "7")
    #expect(!cancelInFlight)
    #expect(name == "login")
  }

  @Test func mapTransformsEveryActionAndKeepsTheShape() async {
    let child = Effect<Int>.merge(
      .send(1),
      .run(name: "two") { send in await send(2) },
      .concatenate(.send(3), .run { send in await send(4) }).cancellable(id: "c")
    )
    let mapped = child.map { "n\($0)" }
    #expect(
      mapped.description
        == #".merge(.send("n1"), .run("two"), .concatenate(.send("n3"), .run).cancellable(id: "c"))"#
    )
    let reducer = Reducer<[String], String, Void> { log, action, _ in
      log.append(action)
      return action == "go" ? mapped : .none
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await store.send("go").finish()
    #expect(store.state.first == "go")
    #expect(Set(store.state.dropFirst()) == ["n1", "n2", "n3", "n4"])
    #expect(store.state.firstIndex(of: "n3")! < store.state.firstIndex(of: "n4")!)
  }

  @Test func concatenateRunsInOrder() async {
    let clock = ManualClock()
    let store = makeStore(
      { _ in
        .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.finished("slow"))
          },
          .run { send in await send(.finished("fast")) }
        )
      }, clock: clock)
    store.send(.start("x"))
    await clock.advance()
    #expect(store.state == [.start("x")])
    await clock.advance(by: .seconds(2))
    await clock.advance()
    #expect(store.state == [.start("x"), .finished("slow"), .finished("fast")])
  }

  @Test func cancelInFlightKeepsOnlyTheNewest() async {
    let clock = ManualClock()
    let store = makeStore(
      { name in
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.finished(name))
        }
        .cancellable(id: "request", cancelInFlight: true)
      }, clock: clock)
    store.send(.start("first"))
    await clock.advance()
    store.send(.start("second"))
    await clock.advance()
    await clock.advance(by: .seconds(1))
    await clock.advance()
    #expect(store.state == [.start("first"), .start("second"), .finished("second")])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func cancelReachesIntoMergedAndConcatenatedEffects() async {
    let clock = ManualClock()
    let store = makeStore(
      { name in
        .merge(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.finished("\(name) merged"))
          },
          .concatenate(
            .run { _ in try await clock.sleep(for: .seconds(1)) },
            .send(.finished("\(name) after"))
          )
        )
        .cancellable(id: name)
      }, clock: clock)
    store.send(.start("a"))
    store.send(.start("b"))
    await clock.advance()
    #expect(store.runningEffects.count == 4)
    store.send(.cancel("a"))
    await clock.advance()
    #expect(store.runningEffects.count == 2)
    await clock.advance(by: .seconds(1))
    await clock.advance()
    #expect(
      store.state.filter { if case .finished = $0 { true } else { false } }
        == [.finished("b merged"), .finished("b after")]
    )
  }

  @Test func cancellableInsideAConcatenationCanBeCancelledAlone() async {
    let clock = ManualClock()
    let store = makeStore(
      { _ in
        .concatenate(
          .run { _ in try await clock.sleep(for: .seconds(5)) }.cancellable(id: "wait"),
          .send(.finished("next"))
        )
      }, clock: clock)
    store.send(.start("x"))
    await clock.advance()
    store.send(.cancel("wait"))
    await clock.advance()
    #expect(store.state == [.start("x"), .cancel("wait"), .finished("next")])
  }

  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let clock = ManualClock()
    let store = makeStore(
      { name in
        .run(name: "search") { send in await send(.finished(name)) }
          .debounce(id: "search", for: .milliseconds(300), clock: clock)
      }, clock: clock)
    store.send(.start("B"))
    await clock.advance()
    await clock.advance(by: .milliseconds(200))
    store.send(.start("Br"))
    await clock.advance()
    await clock.advance(by: .milliseconds(299))
    #expect(store.state == [.start("B"), .start("Br")])
    await clock.advance(by: .milliseconds(1))
    await clock.advance()
    #expect(store.state == [.start("B"), .start("Br"), .finished("Br")])
    #expect(clock.now == ManualClock.Instant(offset: .milliseconds(500)))
  }

  @Test func unhandledErrorsAreReportedNotSwallowed() async {
    struct Boom: Error {}
    let issues = ReportedIssues()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run(name: "explode") { _ in throw Boom() }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      await store.send(1).finish()
    }
    #expect(
      issues.all == [
        """
        An effect threw an error that nothing handled.

          Effect: .run("explode")
          Error: EffectTests.Boom()

        Handle it with .run(…, catch: { error, send in … }) and send an action that describes the failure.
        """
      ])
  }

  @Test func catchHandlerTurnsErrorsIntoActions() async {
    struct Boom: Error {}
    let issues = ReportedIssues()
    let reducer = Reducer<[String], String, Void> { log, action, _ in
      log.append(action)
      guard action == "go" else { return .none }
      return .run { _ in
        throw Boom()
      } catch: { error, send in
        await send("failed: \(error)")
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      await store.send("go").finish()
    }
    #expect(store.state == ["go", "failed: Boom()"])
    #expect(issues.all.isEmpty)
  }

  @Test func cancellationErrorsAreNotReported() async {
    let issues = ReportedIssues()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run { _ in throw CancellationError() }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      await store.send(1).finish()
    }
    #expect(issues.all.isEmpty)
  }

  @Test func immediateClockSleepsAtOnce() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(10))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(10)))
  }

  @Test func testClockRunWakesEverySleeperInOrder() async {
    let clock = ManualClock()
    let store = makeStore(
      { name in
        .run { send in
          try await clock.sleep(for: .seconds(name == "late" ? 3 : 1))
          await send(.finished(name))
        }
      }, clock: clock)
    store.send(.start("late"))
    store.send(.start("early"))
    await clock.advance()
    #expect(clock.sleeperCount == 2)
    await clock.advanceUntilIdle()
    await clock.advance()
    #expect(Array(store.state.suffix(2)) == [.finished("early"), .finished("late")])
  }
}

/// A store let go before its effect's task first ran (a store driven by a clock runs its effects
/// only when the clock runs): the effect's operation never runs, so nothing it was given, such
/// as an API client of the environment, is called (found by the search screen's port).
@MainActor
@Suite struct EffectCancelledBeforeItStartsTests {
  @Test func itsOperationNeverRuns() async {
    let clock = ManualClock()
    let calls = Lock(0)
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run { _ in calls.withLock { $0 += 1 } }
    }
    do {
      let store = Store(initialState: 0, reducer: reducer, environment: (), drivenBy: clock)
      store.send(1)
    }
    await clock.advance(by: .seconds(1))
    #expect(calls.withLock { $0 } == 0)
    // Held, the store runs the same effect once the clock runs.
    let store = Store(initialState: 0, reducer: reducer, environment: (), drivenBy: clock)
    store.send(1)
    await clock.advance(by: .seconds(1))
    #expect(calls.withLock { $0 } == 1)
  }
}
