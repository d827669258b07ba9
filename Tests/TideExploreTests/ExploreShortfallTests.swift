import Testing
import Tide
import TideExplore
import TideTesting

/// An exploration that explored less than it was asked says what it left out, and
/// `expectNoFailure()` does not pass it silently (issue 25, misuse).
@MainActor
@Suite struct ExploreShortfallTests {
  typealias Counter = ExplorerSoundnessTests.Counter
  typealias Tap = ExplorerSoundnessTests.Tap

  func explorer(actions: [Tap]) -> Explorer<Counter, Tap, Void> {
    Explorer(
      initialState: Counter(), reducer: ExplorerSoundnessTests.counter,
      environment: { _, _ in }, actions: { _ in actions },
      invariants: [.always("the count stays small") { $0.count < 1_000 }])
  }

  @Test func eachShortfallIsNamed() async {
    let some = explorer(actions: [.increment])
    let none = explorer(actions: [])
    #expect(await some.random(seed: 1, runs: 0, steps: 5).shortfall == "it made no run: runs is 0")
    #expect(
      await some.random(seed: 1, runs: 5, steps: -1).shortfall == "it took no step: steps is -1")
    #expect(
      await none.random(seed: 1, runs: 5, steps: 5).shortfall
        == "it took no step: the feature offered no action, timer or call to resolve")
    #expect(
      await some.exhaustive(depth: 0).shortfall == "it took no step: depth is 0")
    #expect(
      await some.exhaustive(depth: 10, maxStates: 3).shortfall
        == "it stopped at the limit of 3 states before depth 10")
    #expect(
      await none.exhaustive(depth: 3).shortfall
        == "it took no step: the feature offered no action, timer or call to resolve")
    #expect(await some.random(seed: 1, runs: 5, steps: 5).shortfall == nil)
    #expect(await some.exhaustive(depth: 3).shortfall == nil)
  }

  @Test func expectNoFailureFailsOnAShortfallUnlessAllowed() async {
    let report = await explorer(actions: []).random(seed: 1, runs: 10, steps: 5)
    withKnownIssue {
      report.expectNoFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == """
        The exploration fell short: it took no step: the feature offered no action, timer or call to resolve.

          random, seed 1: 10 runs, 0 steps; no failure (but it took no step: the feature offered no action, timer or call to resolve)
        """
    }
    report.expectNoFailure(allowingShortfall: true)
  }
}
