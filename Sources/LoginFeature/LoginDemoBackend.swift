/// An in-process stand-in for the login server: a few documented accounts and a realistic delay
/// on an injected clock. ``Login/Environment/demo(clock:outcome:delay:)`` uses it.
///
/// | username | password | name |
/// | --- | --- | --- |
/// | `pritesh` | `Secret1` | Pritesh |
/// | `ada` | `Lovelace1` | Ada Lovelace |
/// | `grace` | `Cobol59X` | Grace Hopper |
///
/// Any other username or password answers as a real server would: invalid credentials.
///
/// ```swift
/// let backend = LoginDemoBackend(clock: ContinuousClock())
/// let user = try await backend.login("ada", "Lovelace1")  // Ada Lovelace, after 0.8 s
/// ```
public struct LoginDemoBackend: Sendable {
  /// One demo account.
  public struct Account: Sendable, Equatable {
    /// The password that logs in to it.
    public let password: String
    /// The user it logs in as.
    public let user: User
  }

  /// How a request ends, to explore every path of the feature without a server.
  public enum Outcome: String, Sendable, Equatable, CaseIterable, Codable {
    /// Accounts log in; anything else is invalid credentials.
    case normal
    /// Every request is rejected as invalid credentials.
    case invalidCredentials
    /// Every request answers with no data.
    case nilData
    /// Every request answers with status 500.
    case wrongStatusCode
    /// Every request times out.
    case timeout
  }

  /// The demo accounts.
  public static let accounts: [Account] = [
    Account(
      password: "Secret1",
      user: User(
        name: "Pritesh", userName: "pritesh", email: "pritesh@example.com",
        address: "Pune, India", designation: "iOS Developer")),
    Account(
      password: "Lovelace1",
      user: User(
        name: "Ada Lovelace", userName: "ada", email: "ada@example.com",
        address: "London, United Kingdom", designation: "Analyst")),
    Account(
      password: "Cobol59X",
      user: User(
        name: "Grace Hopper", userName: "grace", email: "grace@example.com",
        address: "Arlington, United States", designation: "Rear Admiral")),
  ]

  /// How long a request takes unless told otherwise: long enough to see the spinner.
  public static let defaultDelay = Duration.milliseconds(800)

  private let clock: any Clock<Duration>
  private let outcome: Outcome
  private let delay: Duration

  /// Creates a demo backend.
  ///
  /// - Parameters:
  ///   - clock: The clock the delay waits on.
  ///   - outcome: How every request ends.
  ///   - delay: How long a request takes.
  public init(
    clock: any Clock<Duration>, outcome: Outcome = .normal, delay: Duration = Self.defaultDelay
  ) {
    self.clock = clock
    self.outcome = outcome
    self.delay = delay
  }

  /// Logs in after the delay, or fails the way ``Outcome`` says.
  ///
  /// - Parameters:
  ///   - username: The username.
  ///   - password: The password.
  /// - Returns: The account's user.
  /// - Throws: A ``LoginServiceError``, or `CancellationError` when cancelled while waiting.
  @Sendable
  public func login(_ username: String, _ password: String) async throws -> User {
    try await clock.sleep(for: delay)
    switch outcome {
    case .normal:
      guard
        let account = Self.accounts.first(where: { $0.user.userName == username }),
        account.password == password
      else { throw LoginServiceError.invalidCredentials }
      return account.user
    case .invalidCredentials: throw LoginServiceError.invalidCredentials
    case .nilData: throw LoginServiceError.nilData
    case .wrongStatusCode: throw LoginServiceError.wrongStatusCode(500)
    case .timeout: throw LoginServiceError.timeout
    }
  }
}
