import Tide

/// A root feature whose saved names are shared by a list, an optional search, rows and a stack
/// of details: each holds its own `Shared("saved")` copy and changes it as its own.
///
/// ```swift
/// let store = Store(initialState: Saved.State(), reducer: Saved.reducer, environment: ())
/// ```
public enum Saved {
  /// The list of saved names.
  public enum List {
    /// The list's state.
    public struct State: Equatable, Sendable, SharedState {
      /// The saved names.
      public var saved = Shared(key: "saved", default: [String]())
      /// The list's own field.
      public var title = "Saved"
      /// An empty list.
      public init() {}
      /// The shared fields.
      public static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
    }

    /// The list's actions.
    public enum Action: Equatable, Sendable {
      /// Removes a name.
      case remove(String)
    }

    /// Removes names.
    public static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .remove(let name): state.saved.value.removeAll { $0 == name }
      }
      return .none
    }
  }

  /// A search that saves names, and knows which are saved already.
  public enum Search {
    /// The search's state.
    public struct State: Equatable, Sendable, SharedState {
      /// The saved names.
      public var saved = Shared(key: "saved", default: [String]())
      /// What was typed.
      public var query = ""
      /// A search, with its own default until it joins the others.
      public init() {}
      /// The shared fields.
      public static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
      /// Whether `name` is saved already.
      public func isSaved(_ name: String) -> Bool { saved.value.contains(name) }
    }

    /// The search's actions.
    public enum Action: Equatable, Sendable {
      /// Saves a name, unless it is saved already.
      case add(String)
    }

    /// Adds names.
    public static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .add(let name):
        if !state.isSaved(name) { state.saved.value.append(name) }
      }
      return .none
    }
  }

  /// A row that can save or forget its own name.
  public enum Row {
    /// The row's state.
    public struct State: Equatable, Sendable, Identifiable, SharedState {
      /// The row's name.
      public var id: String
      /// The saved names.
      public var saved = Shared(key: "saved", default: [String]())
      /// A row.
      ///
      /// - Parameters:
      ///   - id: The row's name.
      public init(id: String) { self.id = id }
      /// The shared fields.
      public static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
    }

    /// The row's actions.
    public enum Action: Equatable, Sendable {
      /// Saves the row's name, or forgets it.
      case toggle
    }

    /// Toggles.
    public static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .toggle:
        if state.saved.value.contains(state.id) {
          state.saved.value.removeAll { $0 == state.id }
        } else {
          state.saved.value.append(state.id)
        }
      }
      return .none
    }
  }

  /// The root's state: its own copy, and its children's.
  public struct State: Equatable, Sendable, SharedState {
    /// The saved names.
    public var saved = Shared(key: "saved", value: [String]())
    /// The list.
    public var list = List.State()
    /// The search, while presented.
    public var search: Search.State?
    /// The rows.
    public var rows: IdentifiedArray<Row.State> = []
    /// The details pushed.
    public var path = StackState<Row.State>()
    /// How many names were added, counted by the root as they come.
    public var added = 0
    /// A root with nothing saved.
    public init() {}
    /// The shared fields.
    public static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
  }

  /// The root's actions.
  public enum Action: Equatable, Sendable {
    /// The list's.
    case list(List.Action)
    /// The search's.
    case search(Search.Action)
    /// A row's.
    case row(String, Row.Action)
    /// A pushed detail's.
    case path(StackAction<Row.State, Row.Action>)
    /// Presents a search.
    case searchTapped
    /// Dismisses the search.
    case searchClosed
    /// Forgets every name.
    case clearTapped
    /// Adds a row.
    case rowAdded(String)
  }

  /// The root's own logic: it keeps the names sorted, whoever added them.
  public static let core = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .search(.add):
      state.added += 1
    case .searchTapped:
      state.search = Search.State()
    case .searchClosed:
      state.search = nil
    case .clearTapped:
      state.saved.value = []
    case .rowAdded(let name):
      state.rows.append(Row.State(id: name))
    case .list, .row, .path:
      break
    }
    if state.saved.value != state.saved.value.sorted() { state.saved.value.sort() }
    return .none
  }

  /// The whole feature.
  public static let reducer = Reducer.combine(
    core
      .ifLet(\.search, action: CasePath(Action.search), environment: { $0 }, child: Search.reducer)
      .forEach(
        \.rows, action: CasePath(Action.row), environment: { $0 }, child: Row.reducer
      )
      .forEach(\.path, action: CasePath(Action.path), environment: { $0 }, child: Row.reducer),
    List.reducer.pullback(state: \.list, action: CasePath(Action.list), environment: { $0 })
  )

  /// Every copy of the saved names in `state`.
  public static func copies(_ state: State) -> [[String]] {
    [state.saved.value, state.list.saved.value] + (state.search.map { [$0.saved.value] } ?? [])
      + state.rows.map(\.saved.value) + state.path.map(\.saved.value)
  }
}
