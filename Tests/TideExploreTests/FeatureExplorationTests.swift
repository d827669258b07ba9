import AddLocationFeature
import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

/// The real features, explored with their invariants: all hold.
@MainActor
@Suite struct FeatureExplorationTests {
  @Test func loginHoldsUnderRandomExploration() async {
    let report = await Login.explorer().random(seed: 20_261_122, runs: 200, steps: 12)
    report.expectNoFailure()
    print(report.summary)
  }

  @Test func loginHoldsUnderExhaustiveExploration() async {
    let report = await Login.explorer().exhaustive(depth: 6)
    report.expectNoFailure()
    print(report.summary)
  }

  @Test func addLocationHoldsUnderRandomExploration() async {
    let report = await AddLocation.explorer().random(seed: 20_261_122, runs: 200, steps: 12)
    report.expectNoFailure()
    print(report.summary)
  }

  @Test func addLocationHoldsUnderExhaustiveExploration() async {
    let report = await AddLocation.explorer().exhaustive(depth: 6)
    report.expectNoFailure()
    print(report.summary)
  }
}
