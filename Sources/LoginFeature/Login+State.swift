import TideInspect

extension Login {
  /// Everything the login screen knows.
  ///
  /// ```swift
  /// var state = Login.State(username: "pritesh", password: "Secret1")
  /// state.validationError  // nil: ready to log in
  /// ```
  public struct State: Equatable, Sendable, Redacting {
    /// The username as typed.
    public var username: String
    /// The password as typed. Never printed: ``redactedLabels`` hides it.
    public var password: String
    /// Whether a login request is in flight.
    public var isLoading: Bool
    /// The user, once logged in.
    public var user: User?
    /// The alert on screen, if any.
    public var alert: Alert?

    /// Creates a login state.
    ///
    /// ```swift
    /// let state = Login.State(username: "pritesh")
    /// ```
    ///
    /// - Parameters:
    ///   - username: The username typed so far.
    ///   - password: The password typed so far.
    ///   - isLoading: Whether a request is in flight.
    ///   - user: The logged-in user.
    ///   - alert: The alert on screen.
    public init(
      username: String = "",
      password: String = "",
      isLoading: Bool = false,
      user: User? = nil,
      alert: Alert? = nil
    ) {
      self.username = username
      self.password = password
      self.isLoading = isLoading
      self.user = user
      self.alert = alert
    }

    /// The first validation rule the input breaks, or `nil` when it is valid.
    public var validationError: LoginFormValidationError? {
      LoginFormValidationError.validate(username: username, password: password)
    }

    /// The password is hidden wherever Tide prints the state.
    public static let redactedLabels: Set<String> = ["password"]
  }

  /// An alert: a title and a message.
  ///
  /// ```swift
  /// let alert = Login.Alert(title: "Success", message: "Hello Pritesh")
  /// ```
  public struct Alert: Equatable, Hashable, Sendable, Codable {
    /// "Success" or "Error".
    public var title: String
    /// What happened, in words.
    public var message: String

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The message.
    public init(title: String, message: String) {
      self.title = title
      self.message = message
    }
  }
}
