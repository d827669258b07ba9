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
    /// Saves the saved places, when ``App/persistingReducer`` runs the app: a file's
    /// `save(_:)` (`SharedFile` in `TidePersistence`). Not called by ``App/reducer``.
    public var saveLocations: @Sendable (IdentifiedArray<Location>) async throws -> Void

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - login: The login screen's dependencies.
    ///   - addLocation: The search's dependencies.
    ///   - saveLocations: What saves the saved places; by default, nothing (they stay in
    ///     memory).
    public init(
      login: Login.Environment, addLocation: AddLocation.Environment,
      saveLocations: @escaping @Sendable (IdentifiedArray<Location>) async throws -> Void = {
        _ in
      }
    ) {
      self.login = login
      self.addLocation = addLocation
      self.saveLocations = saveLocations
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
      Self(
        login: .unimplemented, addLocation: .unimplemented,
        saveLocations: Tide.unimplemented("App.Environment.saveLocations"))
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
