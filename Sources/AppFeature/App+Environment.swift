import AddLocationFeature
import LoginFeature
import Tide

extension App {
  /// The app's dependencies: the children's environments.
  ///
  /// ```swift
  /// let environment = App.Environment.demo(clock: ContinuousClock())
  /// ```
  public struct Environment: Sendable {
    /// The login screen's dependencies.
    public var login: Login.Environment
    /// The search's dependencies.
    public var addLocation: AddLocation.Environment

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - login: The login screen's dependencies.
    ///   - addLocation: The search's dependencies.
    public init(login: Login.Environment, addLocation: AddLocation.Environment) {
      self.login = login
      self.addLocation = addLocation
    }

    /// Embedded defaults, no server and no network: the demo login backend and the shipped
    /// gazetteer, both waiting on `clock`. The REPL's default.
    ///
    /// - Parameters:
    ///   - clock: The clock delays and debounces wait on.
    ///   - loginOutcome: Forces the demo login backend to end every request one way.
    /// - Returns: The environment.
    public static func demo(
      clock: any Clock<Duration>, loginOutcome: LoginDemoBackend.Outcome = .normal
    ) -> Self {
      Self(
        login: .demo(clock: clock, outcome: loginOutcome),
        addLocation: .live(clock: clock))
    }

    /// Every dependency fails the test that calls it.
    public static var unimplemented: Self {
      Self(login: .unimplemented, addLocation: .unimplemented)
    }
  }
}

extension App.Environment: InterceptableEnvironment {
  /// The children's calls and clocks: the login call, the geocoder and the search's debounce.
  ///
  /// ```swift
  /// let environment = App.Environment.explorable(calls: ExploreCalls(), clock: ManualClock())
  /// ```
  public static let calls: [EnvironmentCall<Self>] = [.child(\.login), .child(\.addLocation)]
}
