import AddLocationFeature
import AppFeature
import FeatureTools
import Foundation
import LoginFeature
import Tide
import TidePersistence
import TideREPL
import TideRecord

/// The features `tide` explores, on embedded defaults: the demo login backend and the shipped
/// gazetteer. No server, no network; nothing written to disk unless `--data` names a folder.
@MainActor
enum Features {
  /// The features; with a data folder, the app keeps its saved places in it.
  static func all(dataFolder: String?) -> [REPLFeature] {
    [app(savedPlaces: dataFolder.map(savedLocationsFile(in:))), login, addLocation]
  }

  /// Where the app keeps its saved places in a data folder.
  static func savedLocationsFile(in folder: String) -> SharedFile<IdentifiedArray<Location>> {
    SharedFile(
      path: URL(fileURLWithPath: folder).appendingPathComponent("saved-locations.json").path)
  }

  static let loginOutcomes = LoginDemoBackend.Outcome.allCases.filter { $0 != .normal }

  /// A real login server, when `TIDE_LOGIN_URL` names one: `:env live` then logs in over HTTP.
  /// Without it, `tide` needs no server and no network.
  static let liveLogin: Result<Login.Environment, LoginClientConfigurationError>? = {
    guard let text = ProcessInfo.processInfo.environment["TIDE_LOGIN_URL"], !text.isEmpty else {
      return nil
    }
    guard let url = URL(string: text) else { return .failure(.invalidURL(text)) }
    do {
      return .success(try Login.Environment.live(baseURL: url))
    } catch let error as LoginClientConfigurationError {
      return .failure(error)
    } catch {
      return .failure(.invalidURL(text))
    }
  }()

  /// Why `TIDE_LOGIN_URL` was not used, for a warning at start.
  static var liveLoginProblem: String? {
    guard case .failure(let error) = liveLogin else { return nil }
    return "TIDE_LOGIN_URL is ignored: \(error)"
  }

  static var liveLoginEnvironment: Login.Environment? {
    guard case .success(let environment) = liveLogin else { return nil }
    return environment
  }

  /// The environments that put a feature's login in another state than the demo's: one per
  /// forced outcome of the demo backend (`login=invalidCredentials`, …), and `live` when
  /// `TIDE_LOGIN_URL` names a server.
  ///
  /// - Parameters:
  ///   - expression: The Swift expression of the demo environment with an outcome, for tests.
  ///   - demo: Builds the feature's environment around a login environment.
  static func loginVariants<Environment>(
    expression: (String) -> String,
    demo: @escaping (_ login: Login.Environment, _ clock: any Clock<Duration>) -> Environment
  ) -> [REPLEnvironment<Environment>] {
    let forced = loginOutcomes.map { outcome in
      REPLEnvironment(
        "login=\(outcome.rawValue)", summary: "every login ends with \(outcome.rawValue)",
        testExpression: expression(".\(outcome.rawValue)")
      ) { clock in demo(.demo(clock: clock, outcome: outcome), clock) }
    }
    guard let live = liveLoginEnvironment else { return forced }
    return forced + [
      REPLEnvironment("live", summary: "logs in at TIDE_LOGIN_URL") { clock in demo(live, clock) }
    ]
  }

  /// The app; with a file, each session starts from the places it holds, and the places the
  /// session shows are written to it whenever they change.
  static func app(savedPlaces file: SharedFile<IdentifiedArray<Location>>?) -> REPLFeature {
    return REPLFeature(
      name: "app",
      summary: "login, then saved locations, the add-location search and a screen per place",
      initialState: file.map {
        App.State(
          savedLocations: Shared(key: AddLocation.savedLocationsKey, value: $0.load(default: [])))
      } ?? App.State(),
      reducer: App.reducer,
      environments: [
        REPLEnvironment(
          "demo", summary: "demo login accounts and the shipped gazetteer",
          testExpression: "App.Environment.demo(clock: clock)"
        ) { .demo(clock: $0) }
      ]
        + loginVariants(
          expression: { "App.Environment.demo(clock: clock, loginOutcome: \($0))" },
          demo: { login, clock in App.Environment(login: login, addLocation: .live(clock: clock)) }
        ),
      view: { App.ViewState($0) },
      examples: [
        .login(.usernameChanged("pritesh")), .login(.passwordChanged("Secret1")),
        .login(.loginButtonTapped), .login(.alertDismissed),
        .searchTapped, .addLocation(.presented(.queryChanged("Brus"))),
        .addLocation(.presented(.locationTapped(index: 0))), .addLocation(.dismiss),
        .removeSavedLocation(index: 0), .logoutTapped,
      ],
      // With a file, the REPL spells the initial state out: a session starts from what it read.
      export: REPLTestExport(
        imports: ["AppFeature", "LoginFeature", "AddLocationFeature"], reducer: "App.reducer",
        initialState: "App.State()"),
      exploration: REPLExploration(App.explorer()),
      recording: REPLRecording(),
      page: App.webPage,
      saving: file.map { file in
        REPLSaving({ $0.savedLocations.value }) { try file.save($0) }
      })
  }

  static var login: REPLFeature {
    REPLFeature(
      name: "login",
      summary: "the login screen",
      initialState: Login.State(),
      reducer: Login.reducer,
      environments: [
        REPLEnvironment(
          "demo", summary: "accounts pritesh/Secret1, ada/Lovelace1, grace/Cobol59X",
          testExpression: "Login.Environment.demo(clock: clock)"
        ) { .demo(clock: $0) }
      ]
        + loginVariants(
          expression: { "Login.Environment.demo(clock: clock, outcome: \($0))" },
          demo: { login, _ in login }
        ),
      view: { Login.ViewState($0) },
      examples: [
        .usernameChanged("pritesh"), .passwordChanged("Secret1"), .loginButtonTapped,
        .alertDismissed,
      ],
      export: REPLTestExport(
        imports: ["LoginFeature"], reducer: "Login.reducer", initialState: "Login.State()"),
      exploration: REPLExploration(Login.explorer()),
      recording: REPLRecording())
  }

  static var addLocation: REPLFeature {
    REPLFeature(
      name: "add-location",
      summary: "a debounced search over the shipped gazetteer",
      initialState: AddLocation.State(),
      reducer: AddLocation.reducer,
      environments: [
        REPLEnvironment(
          "demo", summary: "the shipped gazetteer (34,006 places)",
          testExpression: "AddLocation.Environment.live(clock: clock)"
        ) { .live(clock: $0) }
      ],
      view: { AddLocation.ViewState($0) },
      examples: [.queryChanged("Brus"), .locationTapped(index: 0)],
      export: REPLTestExport(
        imports: ["AddLocationFeature"], reducer: "AddLocation.reducer",
        initialState: "AddLocation.State()"),
      exploration: REPLExploration(AddLocation.explorer()),
      recording: REPLRecording())
  }
}
