import AddLocationFeature
import AppFeature
import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

/// The app explored with its invariants (one screen at a time, no child effect after logout):
/// they hold, and an app that runs its search without `ifLet` is caught.
@MainActor
@Suite struct AppExplorationTests {
  /// The planted bug: the search runs on the home screen without `ifLet`, so logging out leaves
  /// its debounce and request running.
  static let appWithoutIfLet = Reducer<App.State, App.Action, App.Environment> {
    state, action, environment in
    guard case .addLocation(let child) = action else {
      return App.reducer.reduce(into: &state, action: action, environment: environment)
    }
    // Instead of `ifLet`: the child's effects are not tied to the home screen.
    guard state.home != nil else { return .none }
    return AddLocation.reducer.reduce(
      into: &state.home!.search, action: child, environment: environment.addLocation
    ).map(App.Action.addLocation)
  }

  @Test func theAppHoldsUnderRandomExploration() async {
    let report = await App.explorer().random(seed: 20_261_122, runs: 200, steps: 14)
    report.expectNoFailure()
    #expect(report.steps > 2_000)
  }

  @Test func theAppHoldsUnderExhaustiveExploration() async {
    let report = await App.explorer().exhaustive(depth: 7)
    report.expectNoFailure()
    #expect(report.states?.distinct ?? 0 > 20)
  }

  static let withoutIfLetExplorer = App.explorer(
    reducer: appWithoutIfLet, reducerExpression: "AppExplorationTests.appWithoutIfLet")

  @Test func aSearchThatOutlivesLogoutIsFoundInBothModes() async {
    let explorer = Self.withoutIfLetExplorer
    let invariant = "no child effect runs after logout: no search while logged out"
    // Log in (name, password, tap, the server says yes), type a query, log out.
    for report in [
      await explorer.random(seed: 1, runs: 500, steps: 14),
      await explorer.exhaustive(depth: 6),
    ] {
      guard let failure = report.failure else {
        Issue.record("Not found: \(report.summary)")
        continue
      }
      #expect(failure.kind == .invariant(invariant))
      #expect(failure.schedule.count == 6, "\(failure.message)")
      #expect(failure.schedule.last == .send(.logoutTapped))
    }
  }
}
