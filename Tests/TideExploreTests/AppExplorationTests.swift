import AddLocationFeature
import AppFeature
import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

/// The app explored with its invariants (one screen at a time, no child effect after its screen
/// goes): they hold, and an app that presents its search without `ifLet` is caught.
@MainActor
@Suite struct AppExplorationTests {
  /// The planted bug: the search is presented without `ifLet`, so dismissing it (or logging
  /// out) leaves its debounce and request running.
  static let appWithoutIfLet = Reducer<App.State, App.Action, App.Environment> {
    state, action, environment in
    switch action {
    case .addLocation(.dismiss):
      // Instead of `ifLet`: the search goes, its effects are not cancelled.
      state.search = nil
      return .none
    case .addLocation(.presented(let child)) where state.search != nil:
      if case .delegate = child {
        // The app's own hand-off: save the place and dismiss the search.
        return App.reducer.reduce(into: &state, action: action, environment: environment)
      }
      return AddLocation.reducer.reduce(
        into: &state.search!, action: child, environment: environment.addLocation
      ).map { App.Action.addLocation(.presented($0)) }
    default:
      return App.reducer.reduce(into: &state, action: action, environment: environment)
    }
  }

  /// The planted bug: the app ignores a screen's confirmed deletion, so the place is gone from
  /// the list the screen shares, but its screen stays pushed.
  static let appThatKeepsADeletedPlacesScreen = Reducer<App.State, App.Action, App.Environment> {
    state, action, environment in
    if case .path(.element(_, .delegate(.deleteConfirmed))) = action { return .none }
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
      name: "app",
      initialState: App.State(
        home: App.Home(user: user),
        savedLocations: Shared(key: AddLocation.savedLocationsKey, value: [brussels])),
      reducer: reducer, environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: App.explorationActions, invariants: App.invariants)
  }

  @Test func aDeletedPlaceWhoseScreenStaysIsFoundInBothModesAndShrunk() async throws {
    let explorer = Self.homeExplorer(Self.appThatKeepsADeletedPlacesScreen)
    // Random mode reaches the three steps from 18 of seeds 1–20; from the other two it keeps a
    // second push: screens are numbered in the order they were pushed, so dropping the first
    // push renames the screen later steps name, and the shrinker does not rename them.
    for report in [
      await explorer.random(seed: 2, runs: 300, steps: 12),
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

  @Test func aSearchThatOutlivesItsDismissalIsFoundInBothModes() async {
    let explorer = Self.withoutIfLetExplorer
    let invariant = "no search runs once the search is dismissed"
    // Log in (name, password, tap, the server says yes), present the search, type a query,
    // dismiss it or log out.
    for report in [
      await explorer.random(seed: 1, runs: 500, steps: 16),
      await explorer.exhaustive(depth: 7),
    ] {
      guard let failure = report.failure else {
        Issue.record("Not found: \(report.summary)")
        continue
      }
      #expect(failure.kind == .invariant(invariant))
      #expect(failure.schedule.count == 7, "\(failure.message)")
      #expect(
        failure.schedule.last == .send(.logoutTapped)
          || failure.schedule.last == .send(.addLocation(.dismiss)))
    }
  }
}
