import AddLocationFeature
import LoginFeature
import Tide

/// The app: the login screen while logged out; once logged in, the user's saved locations, the
/// add-location search presented over them, and a screen for each saved place pushed over the
/// list. Composed from `LoginFeature` and `AddLocationFeature` with `ifLet` (the search is a
/// presented child), and from ``PlaceDetail`` with a navigation stack's `forEach`.
///
/// ```swift
/// let store = Store(initialState: App.State(), reducer: App.reducer, environment: .demo(clock: ContinuousClock()))
/// let login = store.makeChildStore(state: { $0.login }, action: App.Action.login)
/// ```
///
/// A location picked in the search is added to the saved list (never twice) and the search is
/// dismissed. Logging out returns to the login screen; `ifLet` cancels the effects of a child
/// whose state is gone.
public enum App {
  /// The feature's logic. The children's actions are found with the hand-written case paths
  /// (``Action/allCasePaths``): `CasePath(Action.login)` would find them by reflection, which
  /// cost each of the app's actions about 4 µs (`tide-benchmarks record`).
  public static let reducer =
    core
    .forEach(
      \.path, action: Action.allCasePaths.path, environment: \.addLocation,
      child: PlaceDetail.reducer
    )
    .ifLet(
      \.login, action: Action.allCasePaths.login, environment: \.login, child: Login.reducer
    )
    .ifLet(
      \.search, action: Action.allCasePaths.addLocation, environment: \.addLocation,
      child: AddLocation.reducer
    )

  /// What the app itself decides: the hand-offs between the screens.
  /// Adds a location to the saved ones unless the same place is there: a place of the gazetteer
  /// is found by identifier at once; one made by hand (identifier 0 or less) is compared with the
  /// others made by hand, and numbered below them when it has none.
  static func save(_ location: Location, in saved: inout IdentifiedArray<Location>) {
    var location = location
    if location.id > 0 {
      guard saved[id: location.id] == nil else { return }
    } else {
      let handMade = saved.filter { $0.id <= 0 }
      guard !handMade.contains(where: { $0.isSamePlace(as: location) }) else { return }
      if location.id == 0 { location.id = min(0, handMade.map(\.id).min() ?? 0) - 1 }
    }
    saved.append(location)
  }

  /// Pops the screen of a removed place, and those above it.
  static func popScreens(of id: Int, in path: inout StackState<PlaceDetail.State>) {
    if let screen = path.ids.first(where: { path[id: $0]?.location.id == id }) {
      path.pop(from: screen)
    }
  }

  static let core = Reducer<State, Action, Environment> { state, action, _ in
    switch action {
    case .login(.loginResponse(.success(let user))):
      state.login = nil
      state.home = Home(user: user)
      return .none

    case .searchTapped:
      guard state.home != nil, state.search == nil else { return .none }
      state.search = AddLocation.State()
      return .none

    // The home screen is changed in place (`state.home!`, after checking it is there): a copy of
    // it would make each change copy the whole list of saved locations.
    case .addLocation(.presented(.delegate(.didAddLocation(let location)))):
      guard state.home != nil else { return .none }
      save(location, in: &state.home!.savedLocations)
      // Dismissed: `ifLet` cancels whatever the search still runs.
      state.search = nil
      return .none

    case .savedLocation(let id, .removeTapped):
      guard state.home != nil else { return .none }
      guard state.home!.savedLocations.remove(id: id) != nil else {
        state.home!.errorMessage = "There is no saved location with identifier \(id)."
        return .none
      }
      state.home!.errorMessage = nil
      popScreens(of: id, in: &state.path)
      return .none

    case .savedLocation(let id, .openTapped):
      guard state.home != nil else { return .none }
      guard let location = state.home!.savedLocations[id: id] else {
        state.home!.errorMessage = "There is no saved location with identifier \(id)."
        return .none
      }
      state.home!.errorMessage = nil
      let screen = state.path.append(PlaceDetail.State(location: location))
      // The screen looks its namesakes up as it is pushed, as a view's appearance would.
      return .send(.path(.element(id: screen, action: .appeared)))

    case .path(.element(let screen, .delegate(.renamed(let name)))):
      guard state.home != nil,
        let id = state.path[id: screen]?.location.id
      else { return .none }
      state.home!.savedLocations[id: id]?.name = name
      return .none

    case .path(.element(let screen, .delegate(.deleteConfirmed))):
      guard state.home != nil,
        let id = state.path[id: screen]?.location.id
      else { return .none }
      state.home!.savedLocations.remove(id: id)
      popScreens(of: id, in: &state.path)
      return .none

    case .removeSavedLocation(let index):
      guard let count = state.home?.savedLocations.count else { return .none }
      guard (0..<count).contains(index) else {
        state.home!.errorMessage =
          "There is no saved location at index \(index); the list has \(count)."
        return .none
      }
      let removed = state.home!.savedLocations.remove(at: index)
      state.home!.errorMessage = nil
      popScreens(of: removed.id, in: &state.path)
      return .none

    case .logoutTapped:
      guard state.home != nil else { return .none }
      state.home = nil
      state.login = Login.State()
      // The stack's forEach cancels the effects of the screens this pops.
      state.path.removeAll()
      // `ifLet` cancels the search's effects now that its state is gone.
      state.search = nil
      return .none

    case .login, .addLocation, .path:
      return .none
    }
  }
}

extension Location {
  /// The same place: the same GeoNames identifier, or for places made by hand (identifier 0,
  /// or below 0 once saved), the same name and position.
  package func isSamePlace(as other: Location) -> Bool {
    if id > 0 || other.id > 0 { return id == other.id }
    return name == other.name && latitude == other.latitude && longitude == other.longitude
  }
}
