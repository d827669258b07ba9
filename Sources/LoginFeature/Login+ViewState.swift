import TideInspect

extension Login {
  /// What the login screen shows: a front renders only this, and sends ``Action``s.
  ///
  /// <!-- example: in uikit-login -->
  /// ```swift
  /// let view = Login.ViewState(store.state)
  /// loginButton.isEnabled = view.isLoginButtonEnabled
  /// infoLabel.text = view.infoMessage
  /// ```
  public struct ViewState: Equatable, Sendable, Redacting {
    /// The username field's text.
    public var username: String
    /// The password field's text (a secure field shows it as dots).
    public var password: String
    /// Whether the login button can be tapped: the input is valid and no request is in flight.
    public var isLoginButtonEnabled: Bool
    /// Whether the activity indicator spins.
    public var isActivityIndicatorVisible: Bool
    /// A line under the form saying which rule the input breaks, or what to type.
    public var infoMessage: String?
    /// The alert to present.
    public var alert: Alert?

    /// Projects the state into what the screen shows.
    ///
    /// - Parameters:
    ///   - state: The login state.
    public init(_ state: State) {
      username = state.username
      password = state.password
      isActivityIndicatorVisible = state.isLoading
      let error = state.validationError
      isLoginButtonEnabled = error == nil && !state.isLoading
      if state.username.isEmpty && state.password.isEmpty {
        infoMessage = "Enter your username and password."
      } else {
        infoMessage = error?.description
      }
      alert = state.alert
    }

    /// The password is hidden wherever Tide prints the view state.
    public static let redactedLabels: Set<String> = ["password"]
  }
}

extension Login.State {
  /// What the screen shows, computed from this state: read through a store,
  /// `store[\.viewState.isLoginButtonEnabled]` tells a view only when that value changes.
  ///
  /// ```swift
  /// let state = Login.State(username: "pritesh", password: "Secret1")
  /// print(state.viewState.isLoginButtonEnabled)  // true
  /// ```
  public var viewState: Login.ViewState { Login.ViewState(self) }
}
