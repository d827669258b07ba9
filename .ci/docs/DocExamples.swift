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
    case onAppear
    case startTimerTapped
  }

  public struct Environment: Sendable {
    public init() {}
  }

  public static let reducer = Reducer<State, Action, Environment> { state, action, _ in
    switch action {
    case .incrementTapped: state.count += 1
    case .decrementTapped: state.count -= 1
    case .onAppear, .startTimerTapped: break
    }
    return .none
  }
}

/// A row's own feature, for the `forEach` examples.
extension Row {
  public enum Action: Equatable, Sendable {
    case toggled
  }

  public struct Environment: Sendable {
    public init() {}
  }

  public static let reducer = Reducer<Row, Action, Environment> { row, action, _ in
    row.isDone.toggle()
    return .none
  }
}

/// A debounced place search: the feature the effect, store and clock examples talk about.
public enum Search {
  public struct State: Equatable, Sendable {
    public var query = ""
    public var isSearching = false
    public var locations: [Place] = []

    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchButtonTapped
    case searchTapped
    case refreshPulled
    case downloadTapped
    case clearTapped
    case searchResponse([Place])
    case searchFailed(String)
  }

  public struct Environment: Sendable {
    public var geocode: @Sendable (String) async throws -> [Place]
    public var clock: any Clock<Duration>

    public init(
      geocode: @escaping @Sendable (String) async throws -> [Place], clock: any Clock<Duration>
    ) {
      self.geocode = geocode
      self.clock = clock
    }
  }

  public static let reducer = Reducer<State, Action, Environment> { state, action, _ in
    if case .queryChanged(let query) = action { state.query = query }
    return .none
  }
}

/// The search's case paths, one line a case, for the examples that receive by case.
extension Search.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    public let searchResponse = CasePath(Search.Action.searchResponse)
    public let searchFailed = CasePath(Search.Action.searchFailed)
    public let clearTapped = CasePath(Search.Action.clearTapped)
  }
  public static let allCasePaths = AllCasePaths()
}

/// A geocoder whose `search` a search's environment takes.
public struct Geocoder: Sendable {
  public var search: @Sendable (String) async throws -> [Place]

  public init(search: @escaping @Sendable (String) async throws -> [Place] = { _ in [] }) {
    self.search = search
  }
}

/// A child feature's actions, and an app's that embeds them: the case path examples.
public enum LoginAction: Equatable, Sendable {
  case usernameChanged(String)
  case loginButtonTapped
}

public enum AppAction: Equatable, Sendable {
  case login(LoginAction)
  case logoutTapped
}

public enum ChildAction: Equatable, Sendable {
  case tapped
}

public enum ParentAction: Equatable, Sendable {
  case child(ChildAction)
}

/// The actions of a place's alert and confirmation dialog.
public enum PlaceAlert: Equatable, Sendable {
  case delete
}
