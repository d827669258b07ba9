import Tide

/// A journal whose reducer makes synchronous calls, as a feature that stamps what it adds with
/// an identifier does: `nextID()` cannot throw, `template(_:)` reads a file and can.
///
/// ```swift
/// let environment = Stamps.Environment.explorable(calls: ExploreCalls(), clock: ManualClock())
/// ```
public enum Stamps {
  /// The entries and the last failure.
  public struct State: Equatable, Sendable {
    /// The entries, oldest first.
    public var entries: [Entry] = []
    /// Why the last template could not be read.
    public var errorMessage: String?

    /// An empty journal.
    public init() {}
  }

  /// One entry of the journal.
  public struct Entry: Equatable, Sendable {
    /// The identifier `nextID()` gave it.
    public var id: Int
    /// Its text.
    public var text: String

    /// An entry.
    ///
    /// - Parameters:
    ///   - id: The identifier.
    ///   - text: The text.
    public init(id: Int, text: String) {
      self.id = id
      self.text = text
    }
  }

  /// Everything the feature handles.
  public enum Action: Equatable, Sendable {
    /// Adds an entry with this text.
    case addTapped(String)
    /// Adds an entry with the text of the template of this name.
    case templateTapped(String)
  }

  /// Why a template could not be read.
  public enum TemplateError: Error, Equatable, Codable, Sendable {
    /// There is no template of that name.
    case missing
  }

  /// The feature's dependencies: both synchronous.
  public struct Environment: Sendable {
    /// A new identifier.
    public var nextID: @Sendable () -> Int
    /// The text of a template.
    public var template: @Sendable (_ name: String) throws -> String

    /// An environment.
    ///
    /// - Parameters:
    ///   - nextID: The identifier call.
    ///   - template: The template call.
    public init(
      nextID: @escaping @Sendable () -> Int,
      template: @escaping @Sendable (_ name: String) throws -> String
    ) {
      self.nextID = nextID
      self.template = template
    }
  }

  /// The feature's logic: the calls are made while reducing, with no effect.
  public static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .addTapped(let text):
      state.entries.append(Entry(id: environment.nextID(), text: text))
    case .templateTapped(let name):
      do {
        let text = try environment.template(name)
        state.entries.append(Entry(id: environment.nextID(), text: text))
        state.errorMessage = nil
      } catch {
        state.errorMessage = "\(error)"
      }
    }
    return .none
  }
}

extension Stamps.Environment: InterceptableEnvironment {
  /// Each call declared once; the explorer ends a synchronous call with its first outcome.
  public static let calls: [EnvironmentCall<Self>] = [
    EnvironmentCall("nextID", \.nextID) { [.success(1), .success(2)] },
    EnvironmentCall("template", \.template, errors: Stamps.TemplateError.self) { name in
      name == "greeting" ? [.success("Hello")] : [.failure(Stamps.TemplateError.missing)]
    },
  ]

  /// Every call fails the test that makes it.
  public static var unimplemented: Self {
    Self(
      nextID: Tide.unimplemented("Stamps.nextID", placeholder: 0),
      template: Tide.unimplemented("Stamps.template"))
  }
}
