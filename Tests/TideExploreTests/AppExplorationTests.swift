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

  /// The planted bug: a confirmed deletion removes the place but leaves its screen pushed.
  static let appThatKeepsADeletedPlacesScreen = Reducer<App.State, App.Action, App.Environment> {
    state, action, environment in
    if case .path(.element(let screen, .delegate(.deleteConfirmed))) = action,
      let id = state.path[id: screen]?.location.id
    {
      state.home?.savedLocations.remove(id: id)
      return .none
    }
    return App.reducer.reduce(into: &state, action: action, environment: environment)
  }

  /// An explorer that starts on the home screen with a saved place: the screens pushed over it
  /// are three steps away instead of ten.
  static func homeExplorer(
    _ reducer: Reducer<App.State, App.Action, App.Environment> = App.reducer
  ) -> Explorer<App.State, App.Action, App.Environment> {
    let user = User(name: "Ada", userName: "ada", email: "", address: "", designation: "")
    let brussels = Location(
      id: 2_800_866, name: "Brussels", countryCode: "BE", countryName: "Belgium",
      latitude: 50.85, longitude: 4.35, population: 1_019_022, timezone: "Europe/Brussels")
    return Explorer(
      name: "app", initialState: App.State(home: App.Home(user: user, savedLocations: [brussels])),
      reducer: reducer, environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: App.explorationActions, invariants: App.invariants)
  }

  @Test func aDeletedPlaceWhoseScreenStaysIsFoundInBothModesAndShrunk() async throws {
    let explorer = Self.homeExplorer(Self.appThatKeepsADeletedPlacesScreen)
    for report in [
      await explorer.random(seed: 1, runs: 300, steps: 12),
      await explorer.exhaustive(depth: 4),
    ] {
      let failure = try #require(report.failure, "\(report.summary)")
      #expect(
        failure.kind
          == .invariant("each place's screen shows a saved place, under its saved name"))
      #expect(
        failure.schedule.map(\.description) == [
          "send .savedLocation(id: 2800866, action: .openTapped)",
          "send .path(.element(id: 0, action: .deleteTapped))",
          "send .path(.element(id: 0, action: .destination(.presented(.confirmDeletion(.delete)))))",
        ])
    }
  }

  @Test func theAppsScreensHoldFromTheHomeScreen() async {
    let explorer = Self.homeExplorer()
    await explorer.random(seed: 20_261_126, runs: 500, steps: 16).expectNoFailure()
    let exhaustive = await explorer.exhaustive(depth: 5)
    exhaustive.expectNoFailure()
    #expect(exhaustive.states?.distinct ?? 0 > 50)
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
