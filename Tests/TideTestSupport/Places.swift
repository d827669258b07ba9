import Tide

/// A small app that navigates every way Tide offers: a list of places, a rename sheet and a
/// delete alert as one destination, and a stack of detail screens with a timer each.
///
/// ```swift
/// let store = Store(initialState: Places.State(), reducer: Places.reducer, environment: Places.Environment(clock: ManualClock()))
/// ```
public enum Places {
  /// The places, what is presented over them, and the pushed screens.
  public struct State: Equatable, Sendable {
    /// The places' names.
    public var names: [String]
    /// The sheet or alert shown over the list.
    public var destination: Destination.State?
    /// The detail screens pushed over the list.
    public var path = StackState<Detail.State>()

    /// A list of places, nothing presented.
    public init(names: [String] = ["Home", "Work"]) {
      self.names = names
    }
  }

  /// What the list handles.
  public enum Action: Equatable, Sendable, CasePathable {
    /// Opens the rename sheet of a place.
    case renameTapped(Int)
    /// Asks to confirm deleting a place.
    case deleteTapped(Int)
    /// Pushes a place's detail.
    case placeTapped(Int)
    /// Pops every screen.
    case popToRootTapped
    /// The sheet's or the alert's actions.
    case destination(PresentationAction<Destination.Action>)
    /// The stack's actions.
    case path(StackAction<Detail.State, Detail.Action>)

    /// The cases a store scopes to.
    public struct AllCasePaths {
      /// `.destination`.
      public var destination: CasePath<Action, PresentationAction<Destination.Action>> {
        CasePath(Action.destination)
      }
      /// `.path`.
      public var path: CasePath<Action, StackAction<Detail.State, Detail.Action>> {
        CasePath(Action.path)
      }
    }
    /// The cases a store scopes to.
    public static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  /// The clock of the sheets' saves and the details' timers.
  public struct Environment: Sendable {
    /// The clock.
    public var clock: any Clock<Duration>

    /// An environment on a clock.
    public init(clock: any Clock<Duration>) {
      self.clock = clock
    }
  }

  /// The sheet and the alert the list can show, one at a time.
  public enum Destination {
    /// Which one is shown. `Identifiable`, so that the rename sheet of one place replaced by
    /// the sheet of another is a new presentation.
    public enum State: Equatable, Sendable, DestinationState, Identifiable {
      /// The rename sheet.
      case rename(Rename.State)
      /// The delete confirmation.
      case alert(AlertState<Alert>)

      /// Which sheet, for which place.
      public var id: String {
        switch self {
        case .rename(let rename): "rename \(rename.id)"
        case .alert: "alert"
        }
      }
    }

    /// Their actions.
    public enum Action: Equatable, Sendable {
      /// The rename sheet's.
      case rename(Rename.Action)
      /// The alert's buttons'.
      case alert(Alert)
    }

    /// The alert's buttons.
    public enum Alert: Equatable, Sendable {
      /// Delete the place at this position.
      case confirmDeletion(Int)
    }

    /// Runs the rename sheet; the alert has no logic of its own.
    public static let reducer = Rename.reducer.pullback(
      state: CasePath(State.rename), action: CasePath(Action.rename),
      environment: { (environment: Environment) in environment.clock })
  }

  /// The list, its destination and its stack.
  public static let reducer = Reducer<State, Action, Environment> { state, action, _ in
    switch action {
    case .renameTapped(let index):
      state.destination = .rename(Rename.State(id: index, name: state.names[index]))
    case .deleteTapped(let index):
      state.destination = .alert(
        AlertState(title: "Delete \(state.names[index])?") {
          ButtonState(role: .destructive, "Delete", action: .confirmDeletion(index))
          ButtonState(role: .cancel, "Cancel")
        })
    case .placeTapped(let index):
      state.path.append(Detail.State(name: state.names[index]))
    case .popToRootTapped:
      state.path.removeAll()
    case .destination(.presented(.rename(.saved))):
      if case .rename(let rename) = state.destination { state.names[rename.id] = rename.name }
    case .destination(.presented(.alert(.confirmDeletion(let index)))):
      state.names.remove(at: index)
    case .destination, .path:
      break
    }
    return .none
  }
  .ifLet(
    \.destination, action: CasePath(Action.destination), environment: { $0 },
    child: Destination.reducer
  )
  .forEach(
    \.path, action: CasePath(Action.path), environment: { $0.clock }, child: Detail.reducer)
}

/// A sheet that renames a place, and saves for a second before it dismisses itself.
public enum Rename {
  /// The name being edited.
  public struct State: Equatable, Sendable, Identifiable {
    /// The place's position.
    public var id: Int
    /// The name.
    public var name: String
    /// Whether the save runs.
    public var isSaving = false

    /// A sheet for the place at `id`.
    public init(id: Int, name: String, isSaving: Bool = false) {
      self.id = id
      self.name = name
      self.isSaving = isSaving
    }
  }

  /// What the sheet handles.
  public enum Action: Equatable, Sendable {
    /// The name changed.
    case nameChanged(String)
    /// Saves, then dismisses.
    case saveTapped
    /// The save finished.
    case saved
    /// Closes without saving.
    case cancelTapped
  }

  /// The sheet.
  public static let reducer = Reducer<State, Action, any Clock<Duration>> {
    state, action, clock in
    switch action {
    case .nameChanged(let name):
      state.name = name
      return .none
    case .saveTapped:
      state.isSaving = true
      return .run(name: "save") { send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
    case .saved:
      state.isSaving = false
      return .dismiss()
    case .cancelTapped:
      return .dismiss()
    }
  }
}

/// A place's screen: counts the seconds it is shown, and deletes itself.
public enum Detail {
  /// The place and the seconds shown.
  public struct State: Equatable, Sendable {
    /// The place's name.
    public var name: String
    /// Seconds since it appeared.
    public var seconds = 0

    /// A screen for a place.
    public init(name: String, seconds: Int = 0) {
      self.name = name
      self.seconds = seconds
    }
  }

  /// What the screen handles.
  public enum Action: Equatable, Sendable {
    /// Starts the timer.
    case appeared
    /// A second passed.
    case tick
    /// Pops the screen.
    case closeTapped
  }

  /// The screen.
  public static let reducer = Reducer<State, Action, any Clock<Duration>> {
    state, action, clock in
    switch action {
    case .appeared:
      return .run(name: "timer") { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: "timer")
    case .tick:
      state.seconds += 1
      return .none
    case .closeTapped:
      return .dismiss()
    }
  }
}

extension Places.Destination.Action: CasePathable {
  /// One line a case: what a test receives by key path through a presentation.
  public struct AllCasePaths: Sendable {
    /// `.rename`.
    public let rename = CasePath(Places.Destination.Action.rename)
    /// `.alert`.
    public let alert = CasePath(Places.Destination.Action.alert)
  }
  /// The destinations' case paths.
  public static let allCasePaths = AllCasePaths()
}
