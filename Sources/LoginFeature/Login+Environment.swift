import Foundation
import Tide

extension Login {
  /// The login feature's dependencies.
  ///
  /// Three ready-made values: ``live(baseURL:timeout:)`` talks to a real server,
  /// ``demo(clock:outcome:delay:)`` answers in-process from a few documented accounts, and
  /// ``unimplemented`` fails a test if anything is called.
  ///
  /// ```swift
  /// var environment = Login.Environment.unimplemented
  /// environment.login = { _, _ in LoginDemoBackend.accounts[0].user }
  /// ```
  public struct Environment: Sendable {
    /// Logs in with a username and password, returning the user or throwing why not (a
    /// ``LoginServiceError`` or any error, which the feature classifies).
    public var login: @Sendable (_ username: String, _ password: String) async throws -> User

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - login: The login call.
    public init(
      login: @escaping @Sendable (_ username: String, _ password: String) async throws -> User
    ) {
      self.login = login
    }

    /// An environment whose every dependency fails the test that calls it.
    ///
    /// ```swift
    /// let store = TestStore(initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented)
    /// ```
    public static let unimplemented = Self(login: Tide.unimplemented("Login.Environment.login"))

    /// An environment backed by ``LoginDemoBackend``: no server, no network. The REPL's default.
    ///
    /// ```swift
    /// let environment = Login.Environment.demo(clock: ContinuousClock())
    /// let failing = Login.Environment.demo(clock: ContinuousClock(), outcome: .wrongStatusCode)
    /// ```
    ///
    /// - Parameters:
    ///   - clock: The clock the simulated network delay waits on.
    ///   - outcome: Forces every request to end one way, to explore each path.
    ///   - delay: How long a request takes.
    /// - Returns: The environment.
    public static func demo(
      clock: any Clock<Duration>,
      outcome: LoginDemoBackend.Outcome = .normal,
      delay: Duration = LoginDemoBackend.defaultDelay
    ) -> Self {
      let backend = LoginDemoBackend(clock: clock, outcome: outcome, delay: delay)
      return Self(login: backend.login)
    }

    /// An environment that logs in against a real server.
    ///
    /// The contract: `POST {baseURL}/login` with the JSON body `{"username": …, "password": …}`.
    ///
    /// | answer | result |
    /// | --- | --- |
    /// | 200 with a JSON user (`name`, `userName`, `email`, `address`, `designation`) | the user |
    /// | 200 with an empty body | ``LoginServiceError/nilData`` |
    /// | 200 with another body | ``LoginServiceError/undecodableBody(_:)`` |
    /// | 401 or 403 | ``LoginServiceError/invalidCredentials`` |
    /// | any other status | ``LoginServiceError/wrongStatusCode(_:)`` |
    /// | no answer within `timeout` | ``LoginServiceError/timeout`` |
    /// | no connection | ``LoginServiceError/transport(_:)`` |
    ///
    /// Credentials only ever travel in the body. The base URL must be `https`, except on the
    /// loopback interface (`localhost`, `127.0.0.0/8`, `::1`), and must not hold credentials.
    ///
    /// ```swift
    /// let environment = try Login.Environment.live(baseURL: URL(string: "https://api.example.com")!)
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: The server's base URL.
    ///   - timeout: How long to wait for an answer.
    /// - Returns: The environment.
    /// - Throws: ``LoginClientConfigurationError`` when the URL is not acceptable.
    public static func live(baseURL: URL, timeout: Duration = .seconds(15)) throws -> Self {
      let client = try LiveLoginClient(baseURL: baseURL, timeout: timeout)
      return Self(login: client.login)
    }
  }
}

extension Login.Environment: InterceptableEnvironment {
  /// The login call, declared once for the explorer, recordings and replays: a
  /// ``LoginServiceError`` is recorded as itself, and the explorer ends a request with success
  /// (the user the typed name logs in as), invalid credentials, no data, or a wrong status code.
  ///
  /// ```swift
  /// let environment = Login.Environment.explorable(calls: ExploreCalls(), clock: ManualClock())
  /// ```
  public static let calls: [EnvironmentCall<Self>] = [
    EnvironmentCall("login", \.login, errors: LoginServiceError.self) { username, _ in
      [
        .success(
          User(
            name: username, userName: username, email: "\(username)@example.com", address: "",
            designation: "")),
        .failure(LoginServiceError.invalidCredentials),
        .failure(LoginServiceError.nilData),
        .failure(LoginServiceError.wrongStatusCode(500)),
      ]
    }
  ]
}

/// Why a base URL cannot be used by ``Login/Environment/live(baseURL:timeout:)``.
///
/// ```swift
/// do { _ = try Login.Environment.live(baseURL: URL(string: "http://example.com")!) }
/// catch { print(error) }  // The login server must use https (http is only allowed for localhost): http://example.com
/// ```
public enum LoginClientConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The URL is neither `https` nor `http` on the loopback interface.
  case insecureURL(String)
  /// The URL carries a user name or password, which would leak into logs.
  case credentialsInURL
  /// The URL has no scheme or host.
  case invalidURL(String)

  /// What is wrong with the URL.
  public var description: String {
    switch self {
    case .insecureURL(let url):
      "The login server must use https (http is only allowed for localhost): \(url)"
    case .credentialsInURL:
      "The login server's URL must not contain a user name or password; they are sent in the request body."
    case .invalidURL(let url):
      "The login server's URL needs a scheme and a host: \(url)"
    }
  }
}
