import TideInspect

extension Login {
  /// Everything that can happen on the login screen.
  ///
  /// Actions are `Codable` in Swift's enum coding shape, so a REPL can decode what a person
  /// types: `.usernameChanged("pritesh")`.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// store.send(.usernameChanged("pritesh"))
  /// ```
  public enum Action: Equatable, Sendable, Codable, Redacting {
    /// The username field changed.
    case usernameChanged(String)
    /// The password field changed. Its payload is never printed.
    case passwordChanged(String)
    /// The login button was tapped.
    case loginButtonTapped
    /// The login request finished.
    case loginResponse(LoginResponse)
    /// The alert was dismissed.
    case alertDismissed

    /// The password's case is hidden wherever Tide prints actions.
    public static let redactedLabels: Set<String> = ["passwordChanged"]
  }

  /// The outcome of a login request.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// store.send(.loginResponse(.failure(.invalidCredentials)))
  /// ```
  public enum LoginResponse: Equatable, Sendable, Codable {
    /// The server accepted the credentials.
    case success(User)
    /// The request failed.
    case failure(LoginServiceError)
  }
}
