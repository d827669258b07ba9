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
/// The saved places are one value the list, the search and each place's screen share
/// (``State/savedLocations``): a location picked in the search is added to it (never twice) and
/// the search is dismissed; a place renamed or deleted on its screen is renamed or gone in the
/// list in the same step. Logging out returns to the login screen; `ifLet` cancels the effects
/// of a child whose state is gone. ``persistingReducer`` also saves the places.
public enum App {
  /// The feature's logic. The children's actions are found with the hand-written case paths
  /// (``Action/allCasePaths``): `CasePath(Action.login)` would find them by reflection, which
  /// cost each of the app's actions about 4 µs (`tide-benchmarks record`).
  public static let reducer =
    core
    .forEach(
      \.path, action: \.path, environment: \.addLocation,
      child: PlaceDetail.reducer
    )
    .ifLet(
      \.login, action: \.login, environment: \.login, child: Login.reducer
    )
    .ifLet(
      \.search, action: \.addLocation, environment: \.addLocation,
      child: AddLocation.reducer
    )

  /// The app's logic, saving the saved places with the environment's ``Environment/saveLocations``
  /// once they have rested for ``saveDebounce`` after a change: the save is an effect named
  /// `save "savedLocations"`, which the REPL shows and a test waits for on the search's clock.
  /// Load the places into the initial state: `App.State(savedLocations: Shared(key:
  /// AddLocation.savedLocationsKey, value: loaded))`.
  ///
  /// <!-- example: given file: SharedFile<IdentifiedArray<Location>>, clock: ContinuousClock -->
  /// ```swift
  /// let store = Store(
  ///   initialState: App.State(
  ///     savedLocations: Shared(key: AddLocation.savedLocationsKey, value: file.load(default: []))),
  ///   reducer: App.persistingReducer,
  ///   environment: App.Environment(
  ///     login: .demo(clock: clock), addLocation: .live(clock: clock), saveLocations: file.save))
  /// ```
  public static let persistingReducer = reducer.persisting(
    \.savedLocations, debounce: saveDebounce, clock: { $0.addLocation.clock },
    save: { $0.saveLocations })

  /// How long the saved places rest after a change before ``persistingReducer`` saves them.
  public static let saveDebounce = Duration.milliseconds(500)

  /// Pops the screen of a removed place, and those above it.
  static func popScreens(of id: Int, in path: inout StackState<PlaceDetail.State>) {
    if let screen = path.ids.first(where: { path[id: $0]?.location.id == id }) {
      path.pop(from: screen)
    }
  }

  /// What the app itself decides: the hand-offs between the screens.
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

    // The search saved the place in the list it shares with the app: the app only closes it.
    case .addLocation(.presented(.delegate(.didAddLocation))):
      // Dismissed: `ifLet` cancels whatever the search still runs.
      state.search = nil
      return .none

    // The home screen is changed in place (`state.home!`, after checking it is there): a copy of
    // it would copy the whole screen.
    case .savedLocation(let id, .removeTapped):
      guard state.home != nil else { return .none }
      guard state.savedLocations.value.remove(id: id) != nil else {
        state.home!.errorMessage = "There is no saved location with identifier \(id)."
        return .none
      }
      state.home!.errorMessage = nil
      popScreens(of: id, in: &state.path)
      return .none

    case .savedLocation(let id, .openTapped):
      guard state.home != nil else { return .none }
      guard let location = state.savedLocations.value[id: id] else {
        state.home!.errorMessage = "There is no saved location with identifier \(id)."
        return .none
      }
      state.home!.errorMessage = nil
      let screen = state.path.append(PlaceDetail.State(location: location))
      // The screen looks its namesakes up as it is pushed, as a view's appearance would.
      return .send(.path(.element(id: screen, action: .appeared)))

    // The screen removed its place from the shared list, which the app already sees: it pops
    // the screen, and any other of the same place above it.
    case .path(.element(let screen, .delegate(.deleteConfirmed))):
      guard let id = state.path[id: screen]?.location.id else { return .none }
      popScreens(of: id, in: &state.path)
      return .none

    case .removeSavedLocation(let index):
      guard state.home != nil else { return .none }
      let count = state.savedLocations.value.count
      guard (0..<count).contains(index) else {
        state.home!.errorMessage =
          "There is no saved location at index \(index); the list has \(count)."
        return .none
      }
      let removed = state.savedLocations.value.remove(at: index)
      state.home!.errorMessage = nil
      popScreens(of: removed.id, in: &state.path)
      return .none

    // The saved places belong to the device: they stay for the next login.
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
