import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore

/// A long exploration hands the main actor back now and then: work queued behind it there (an
/// app's UI, the REPL's web front) runs during the search, not only after it.
@MainActor
@Suite struct MainActorTurnsTests {
  final class Flag {
    var exploring = false
    var ranWhileExploring = false
  }

  @Test(arguments: ["random", "exhaustive", "shrinking"])
  func queuedMainActorWorkRunsDuringAnExploration(mode: String) async {
    let flag = Flag()
    flag.exploring = true
    let queued = Task { @MainActor in flag.ranWhileExploring = flag.exploring }
    switch mode {
    case "random":
      _ = await Login.explorer().random(seed: 1, runs: 3_000, steps: 12)
    case "exhaustive":
      _ = await Login.explorer().exhaustive(depth: 12)
    default:
      // A long found schedule makes a long shrink; the search itself stops at once.
      let explorer = Explorer(
        initialState: 0,
        reducer: Reducer<Int, Int, Void> { state, action, _ in
          state += action
          return .none
        }, environment: { _, _ in }, actions: { _ in [1, 0] },
        invariants: [.always("the sum stays under 30") { $0 < 30 }])
      let report = await explorer.random(seed: 1, runs: 1, steps: 2_000)
      #expect(report.failure?.schedule.count == 30)
    }
    flag.exploring = false
    await queued.value
    #expect(flag.ranWhileExploring, "the exploration held the main actor from start to end")
  }
}
