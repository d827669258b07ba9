import Foundation
import Tide
import TideExplore
import TideInspect
import TideRecord

/// A feature the REPL can explore: how to start it, its environments, and how to describe it.
///
/// Any feature whose `Action` is `Decodable` can be registered; the REPL decodes what a person
/// types (`.usernameChanged("pritesh")`) through that conformance, so no parsing code is needed.
///
/// ```swift
/// let login = REPLFeature(
///   name: "login",
///   summary: "The login screen",
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environments: [
///     REPLEnvironment("demo", summary: "in-process accounts") { .demo(clock: $0) },
///   ],
///   view: { Login.ViewState($0) },
///   examples: [.usernameChanged("pritesh"), .passwordChanged("Secret1"), .loginButtonTapped]
/// )
/// ```
@MainActor
public struct REPLFeature {
  /// The name typed after `:use` and `--feature`.
  public let name: String
  /// One line on what the feature is.
  public let summary: String
  /// Example actions, in Swift syntax, for `:help`.
  let exampleLines: [String]
  package let environmentNames: [String]
  /// Whether it has the `replay` environment, which needs a loaded recording.
  let replaysRecordings: Bool
  /// The folder of the feature's web page, served by `tide --web`.
  let page: URL?
  let makeSession:
    (_ environment: String, _ options: REPLOptions, _ output: REPLOutput) -> any REPLSession

  /// Registers a feature.
  ///
  /// - Parameters:
  ///   - name: The name to select it by.
  ///   - summary: One line on what it is.
  ///   - initialState: The state a session starts from, made again for each new session
  ///     (`:reset`, `:load`, `:use`): a feature that keeps data reads it here.
  ///   - reducer: The feature's reducer.
  ///   - environments: The environments to run it in; the first is the default.
  ///   - view: The feature's view projection, shown by `:view`.
  ///   - examples: Actions to show in `:help`; their case names also feed Tab completion and
  ///     "did you mean" suggestions.
  ///   - export: How to write a test for this feature, for `:export-test`.
  ///   - exploration: The feature's explorer, for `:explore`; it also adds an environment
  ///     named `explore`, whose calls wait for `:resolve`.
  ///   - recording: How to replay the feature's recordings; it also adds an environment named
  ///     `replay`, whose calls answer from the loaded recording.
  ///   - page: A folder holding the feature's web page, `index.html` and what it loads: the web
  ///     front serves it at `/app/`, and sends it the JSON of `view`'s value on every change.
  ///   - saving: What the feature keeps on disk as the session changes, if anything: see
  ///     ``REPLSaving``.
  public init<State, Action: Decodable & Sendable, Environment>(
    name: String,
    summary: String,
    initialState: @autoclosure @escaping () -> State,
    reducer: Reducer<State, Action, Environment>,
    environments: [REPLEnvironment<Environment>],
    view: ((State) -> Any)? = nil,
    examples: [Action] = [],
    export: REPLTestExport? = nil,
    exploration: REPLExploration<State, Action, Environment>? = nil,
    recording: REPLRecording<Environment>? = nil,
    page: URL? = nil,
    saving: REPLSaving<State>? = nil
  ) {
    precondition(!environments.isEmpty, "A REPL feature needs at least one environment.")
    var environments = environments
    if let exploration {
      precondition(
        !environments.contains { $0.name == REPLEnvironment<Environment>.exploreName },
        "The environment name 'explore' is taken by the explorer's environment.")
      environments.append(
        REPLEnvironment(
          REPLEnvironment<Environment>.exploreName,
          summary: "environment calls wait until :resolve ends them (what :explore runs)",
          testExpression: exploration.testExpression,
          make: { explore, _, clock in exploration.environment(explore, clock) },
          kind: .explore))
    }
    if let recording {
      precondition(
        !environments.contains { $0.name == REPLRecording<Environment>.environmentName },
        "The environment name 'replay' is taken by the environment recordings replay in.")
      environments.append(
        REPLEnvironment(
          REPLRecording<Environment>.environmentName,
          summary:
            "environment calls answered from the loaded recording (what :load replays it in)",
          testExpression: recording.testExpression,
          make: { _, recorded, clock in recording.environment(recorded, clock) },
          kind: .replay))
    }
    self.name = name
    self.summary = summary
    self.exampleLines = examples.map { REPLFormat.inspector.line($0) }
    self.environmentNames = environments.map(\.name)
    self.replaysRecordings = recording != nil
    self.page = page
    let definition = FeatureDefinition(
      name: name, makeInitialState: initialState, reducer: reducer, environments: environments,
      view: view, examples: examples, export: export, exploration: exploration,
      recording: recording, saving: saving)
    self.makeSession = { environment, options, output in
      FeatureSession(
        definition: definition, environment: environment, options: options, output: output)
    }
  }
}

/// An environment a feature can run in from the REPL.
///
/// <!-- example: in repl-environment -->
/// ```swift
/// REPLEnvironment("login=invalidCredentials", summary: "every login is rejected") { clock in
///   .demo(clock: clock, outcome: .invalidCredentials)
/// }
/// ```
public struct REPLEnvironment<Environment> {
  /// The name typed after `:env` and `--env`.
  public let name: String
  /// One line on what it does.
  public let summary: String
  /// The Swift expression an exported test uses to build it, in terms of a `clock` variable:
  /// `"Login.Environment.demo(clock: clock)"`. Without one, sessions in this environment cannot
  /// be exported.
  public let testExpression: String?
  /// Builds the environment on the REPL's clock, and on the calls the session controls: the
  /// waiting calls only the `explore` environment uses, and the recorded answers only the
  /// `replay` environment uses.
  let make: (ExploreCalls, RecordedCalls, any Clock<Duration>) -> Environment
  /// Which kind of environment it is.
  let kind: Kind

  /// The environments the REPL adds, and the ones a feature registers.
  enum Kind {
    /// One the feature registers.
    case registered
    /// The `explore` environment, whose calls wait for `:resolve`.
    case explore
    /// The `replay` environment, whose calls answer from the loaded recording.
    case replay
  }

  /// Whether it is the `explore` environment, whose calls wait for `:resolve`.
  var isExplorable: Bool { kind == .explore }

  /// The name of the environment an explorer adds.
  static var exploreName: String { "explore" }

  /// Creates an environment.
  ///
  /// - Parameters:
  ///   - name: The name to select it by.
  ///   - summary: One line on what it does.
  ///   - testExpression: The Swift expression an exported test builds it with.
  ///   - make: Builds the environment on the REPL's clock.
  public init(
    _ name: String,
    summary: String,
    testExpression: String? = nil,
    make: @escaping (any Clock<Duration>) -> Environment
  ) {
    self.name = name
    self.summary = summary
    self.testExpression = testExpression
    self.make = { _, _, clock in make(clock) }
    self.kind = .registered
  }

  init(
    _ name: String, summary: String, testExpression: String?,
    make: @escaping (ExploreCalls, RecordedCalls, any Clock<Duration>) -> Environment, kind: Kind
  ) {
    self.name = name
    self.summary = summary
    self.testExpression = testExpression
    self.make = make
    self.kind = kind
  }
}

/// What an exported test needs to know about a feature.
///
/// ```swift
/// REPLTestExport(imports: ["LoginFeature"], reducer: "Login.reducer")
/// ```
public struct REPLTestExport: Sendable {
  /// The modules the test imports besides `Testing`, `Tide` and `TideTesting`.
  public let imports: [String]
  /// The Swift expression of the reducer: `"Login.reducer"`.
  public let reducer: String
  /// The Swift expression of the feature's initial state, such as `"Login.State()"`; when `nil`,
  /// the test spells the state out with its memberwise initialiser, which a type with private
  /// fields or its own initialisers may not have.
  ///
  /// A feature that keeps data (``REPLFeature``'s `saving:`) starts each session from what it
  /// read, which no fixed expression names: its tests always spell the state out, so that a
  /// session that began with saved data gives a test that begins with it too. Such a state
  /// needs the memberwise initialiser a test can call (public, for a feature in a module of its
  /// own).
  public let initialState: String?

  /// Creates an export description.
  ///
  /// ```swift
  /// REPLTestExport(imports: ["LoginFeature"], reducer: "Login.reducer", initialState: "Login.State()")
  /// ```
  ///
  /// - Parameters:
  ///   - imports: The feature's modules.
  ///   - reducer: The reducer's expression.
  ///   - initialState: The expression of the feature's initial state, the one its
  ///     ``REPLFeature`` starts from; not used for a feature that saves (see
  ///     ``initialState``).
  public init(imports: [String], reducer: String, initialState: String? = nil) {
    self.imports = imports
    self.reducer = reducer
    self.initialState = initialState
  }
}

/// Everything about a feature a session needs, with its types.
struct FeatureDefinition<State, Action: Decodable & Sendable, Environment> {
  let name: String
  /// Makes the state a new session starts from.
  let makeInitialState: () -> State
  let reducer: Reducer<State, Action, Environment>
  let environments: [REPLEnvironment<Environment>]
  let view: ((State) -> Any)?
  let examples: [Action]
  let export: REPLTestExport?
  let exploration: REPLExploration<State, Action, Environment>?
  let recording: REPLRecording<Environment>?
  let saving: REPLSaving<State>?

  /// The state a new session starts from: made anew each time, so read it once per session.
  var initialState: State { makeInitialState() }
}
