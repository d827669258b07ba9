import AddLocationFeature
import AppFeature
import LoginFeature
import Tide
import TideExplore

extension App {
  /// What must hold in every state of the app: one screen at a time, and no child's effect
  /// outliving its screen (a search once dismissed, a login request once logged in).
  ///
  /// ```swift
  /// await App.explorer().exhaustive(depth: 6).expectNoFailure()
  /// ```
  public static let invariants: [Invariant<State, Action>] = [
    .always("exactly one of the login screen and the home screen is shown") { state in
      (state.login == nil) != (state.home == nil)
    },
    .always("no search is presented while logged out") { state in
      state.home != nil || state.search == nil
    },
    .always("no search runs once the search is dismissed") { state, running in
      state.search != nil || !running.contains(named: "geocode")
    },
    .always("no login request runs once logged in") { state, running in
      state.login != nil || !running.contains(named: "login")
    },
    .always("a saved location is listed once") { state in
      let saved = state.savedLocations.value
      return saved.indices.allSatisfy { index in
        !saved[..<index].contains { $0.isSamePlace(as: saved[index]) }
      }
    },
    .always("no place's screen is pushed while logged out") { state in
      state.home != nil || state.path.isEmpty
    },
    .always("each place's screen shows a saved place, under its saved name") { state in
      let saved = state.savedLocations.value
      return state.path.allSatisfy { screen in
        saved[id: screen.location.id]?.name == screen.location.name
      }
    },
    .always("no lookup runs without its place's screen") { state, running in
      running.count(named: "namesakes") <= state.path.count
    },
    .transition("logging out returns to an empty login screen") { _, action, after in
      guard action == .logoutTapped, after.home == nil else { return true }
      return after.login == Login.State()
    },
  ]

  /// The actions the explorer tries in the app: the login screen's while logged out; once logged
  /// in, presenting the search (or, while it is shown, its actions and its dismissal), opening
  /// and removing the first saved location, the top screen's actions, and logging out.
  ///
  /// ```swift
  /// let actions = App.explorationActions(App.State())
  /// ```
  ///
  /// - Parameters:
  ///   - state: The current state.
  public static func explorationActions(_ state: State) -> [Action] {
    if let login = state.login {
      // Straight to a valid form: the login screen's own exploration covers its edge cases.
      return Login.explorationActions(login).filter {
        $0 != .usernameChanged("a") && $0 != .passwordChanged("abc")
      }.map(Action.login)
    }
    guard state.home != nil else { return [] }
    var actions: [Action] = []
    if let search = state.search {
      actions += AddLocation.explorationActions(search).map { .addLocation(.presented($0)) }
      actions.append(.addLocation(.dismiss))
    } else {
      actions.append(.searchTapped)
    }
    if let first = state.savedLocations.value.first {
      actions.append(.removeSavedLocation(index: 0))
      if state.path.isEmpty { actions.append(.savedLocation(id: first.id, action: .openTapped)) }
    }
    if let top = state.path.ids.last, let screen = state.path[id: top] {
      actions += placeActions(screen).map { .path(.element(id: top, action: $0)) }
      actions.append(.path(.popFrom(id: top)))
    }
    actions.append(.logoutTapped)
    return actions
  }

  /// What a person can do on a place's screen: open the sheet or the confirmation, or act in
  /// what is presented (an empty name shows the alert).
  static func placeActions(_ screen: PlaceDetail.State) -> [PlaceDetail.Action] {
    switch screen.destination {
    case nil:
      return [.renameTapped, .deleteTapped]
    case .rename:
      return [
        .destination(.presented(.rename(.binding(.set(\.name, "Home"))))),
        .destination(.presented(.rename(.binding(.set(\.name, ""))))),
        .destination(.presented(.rename(.saveTapped))),
        .destination(.presented(.rename(.cancelTapped))),
      ]
    case .confirmDeletion:
      return [.destination(.presented(.confirmDeletion(.delete))), .destination(.dismiss)]
    case .alert:
      return [.destination(.presented(.alert(.renameAgain))), .destination(.dismiss)]
    }
  }

  /// An explorer of the app with its invariants, explorable environment and the expressions an
  /// exported test uses.
  ///
  /// ```swift
  /// let report = await App.explorer().random(seed: 1, runs: 100, steps: 16)
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: The reducer to explore; the app's own by default.
  ///   - reducerExpression: How an exported test names that reducer.
  @MainActor
  public static func explorer(
    reducer: Reducer<State, Action, Environment> = App.reducer,
    reducerExpression: String = "App.reducer"
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "app", initialState: State(), reducer: reducer,
      environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: explorationActions, invariants: invariants,
      export: ExploreExport(
        imports: ["AppFeature", "LoginFeature", "AddLocationFeature", "FeatureTools"],
        reducer: reducerExpression,
        environment: "App.Environment.explorable(calls: calls, clock: clock)",
        invariants: "App.invariants", initialState: "App.State()"))
  }
}
