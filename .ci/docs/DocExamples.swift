// The types doc comments' examples take as given: a `<!-- example: given rows: IdentifiedArray<Row> -->`
// block is type-checked with these in scope (module `DocExamples`, imported by every example;
// a type an example declares itself shadows the one here). Kept as small as the examples need.

import Tide

/// A row of a list: the element of the `IdentifiedArray` and `forEach` examples.
public struct Row: Identifiable, Equatable, Sendable {
  public var id: Int
  public var title: String
  public var isDone: Bool

  public init(id: Int, title: String = "", isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }

  /// A row that shows a place.
  public init(_ place: Place) {
    self.init(id: place.id, title: place.name)
  }
}

/// A place a search found.
public struct Place: Equatable, Sendable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// The list screen at the bottom of the stack examples.
public enum List {
  public struct State: Equatable, Sendable {
    public init() {}
  }
}

/// A detail screen pushed over the list.
public enum Detail {
  public struct State: Equatable, Sendable {
    public var name: String

    public init(name: String) {
      self.name = name
    }

    public init(place: Place) {
      self.init(name: place.name)
    }
  }
}

/// The screens a stack holds.
public enum Path {
  public enum State: Equatable, Sendable {
    case list(List.State)
    case detail(Detail.State)
  }
}

/// A feature whose state holds a list of rows and a stack of screens.
public enum Feature {
  public struct State: Equatable, Sendable {
    public var rows: IdentifiedArray<Row> = []
    public var path: StackState<Path.State> = []

    public init() {}
  }
}

/// A form whose fields are set through one binding action.
public enum Settings {
  public struct State: Equatable, Sendable, BindableState {
    public var name = ""
    public var notifies = false
    public var nameIsValid = false

    public init() {}

    public static let bindableFields: [BindableField<Self>] = [.field(\.name), .field(\.notifies)]
  }

  public enum Action: Equatable, Sendable, Codable {
    case binding(BindingAction<State>)
  }
}

/// A counter: the smallest feature.
public enum Counter {
  public struct State: Equatable, Sendable {
    public var count = 0

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case incrementTapped
    case decrementTapped
  }

  public struct Environment: Sendable {
    public init() {}
  }

  public static let reducer = Reducer<State, Action, Environment> { state, action, _ in
    switch action {
    case .incrementTapped: state.count += 1
    case .decrementTapped: state.count -= 1
    }
    return .none
  }
}
