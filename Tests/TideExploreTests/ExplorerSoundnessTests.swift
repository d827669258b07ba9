import Testing
import Tide
import TideExplore

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
}
