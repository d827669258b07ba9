import Tide

/// A to-do list: a feature whose state holds rows in an ``IdentifiedArray``, for the tests of what
/// is generated for rows (exported tests, expected closures).
///
/// ```swift
/// let store = TestStore(initialState: Todos.State(), reducer: Todos.reducer, environment: ())
/// ```
public enum Todos {
  /// One row.
  public struct Todo: Identifiable, Equatable, Sendable {
    /// The row's identifier, given by the list.
    public let id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isDone = false

    /// A row.
    ///
    /// - Parameters:
    ///   - id: The row's identifier.
    ///   - title: What to do.
    ///   - isDone: Whether it is done.
    public init(id: Int, title: String, isDone: Bool = false) {
      self.id = id
      self.title = title
      self.isDone = isDone
    }
  }

  /// The rows and the next identifier. Its memberwise initialiser is internal, as every public
  /// struct's is, so a test in another module starts from ``init()``.
  public struct State: Equatable {
    /// The rows, in order.
    public var todos: IdentifiedArray<Todo> = []
    /// The identifier the next row gets.
    public var nextID = 1

    /// An empty list.
    public init() {}
  }

  /// What the user does.
  public enum Action: Equatable, Sendable, Decodable {
    /// Adds a row at the end.
    case addTapped(title: String)
    /// Ticks or unticks a row.
    case toggled(id: Int)
    /// Removes the rows that are done.
    case clearCompletedTapped
  }

  /// Adds, toggles and clears rows; an unknown identifier changes nothing.
  public static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .addTapped(let title):
      state.todos.append(Todo(id: state.nextID, title: title))
      state.nextID += 1
    case .toggled(let id):
      if let position = state.todos.index(id: id) {
        state.todos[position].isDone.toggle()
      }
    case .clearCompletedTapped:
      state.todos.removeAll { $0.isDone }
    }
    return .none
  }
}
