import Tide
import TideInspect

/// The login screen: a username and a password, validated as they are typed, sent to an
/// injected API when the login button is tapped.
///
/// ```swift
/// let store = Store(
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environment: .demo(clock: ContinuousClock())
/// )
/// store.send(.usernameChanged("pritesh"))
/// store.send(.passwordChanged("Secret1"))
/// await store.send(.loginButtonTapped).finish()
/// print(store.state.alert?.message ?? "")  // Hello Pritesh
/// ```
///
/// Fronts render ``ViewState`` and send ``Action``s; the password never appears in printed
/// state, REPL output or logs.
public enum Login {
  /// Identifies the login request, so a newer one or an edit can cancel it.
  enum CancelID { case login }

  /// The feature's logic. Pure: all outside work goes through ``Environment``.
  public static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .usernameChanged(let username):
      state.username = username
      return cancelRequestInFlight(&state)

    case .passwordChanged(let password):
      state.password = password
      return cancelRequestInFlight(&state)

    case .loginButtonTapped:
      guard !state.isLoading else { return .none }
      if let error = state.validationError {
        state.alert = Alert(title: "Error", message: error.description)
        return .none
      }
      state.isLoading = true
      state.alert = nil
      return .run(name: "login") { [username = state.username, password = state.password] send in
        let user = try await environment.login(username, password)
        await send(.loginResponse(.success(user)))
      } catch: { error, send in
        await send(.loginResponse(.failure(LoginServiceError(error))))
      }
      .cancellable(id: CancelID.login, cancelInFlight: true)

    case .loginResponse(.success(let user)):
      state.isLoading = false
      state.user = user
      state.alert = Alert(title: "Success", message: "Hello \(user.name)")
      return .none

    case .loginResponse(.failure(let error)):
      state.isLoading = false
      state.alert = Alert(title: "Error", message: error.description)
      return .none

    case .alertDismissed:
      state.alert = nil
      return .none
    }
  }

  /// An effect that cancels the feature's running effects: for a parent that runs the login
  /// screen by calling its reducer itself and takes the screen away. A parent that presents it
  /// with `ifLet` needs none: `ifLet` cancels them when the screen goes, and the identifiers of
  /// a presented child's effects are its own, so this effect does not reach them.
  ///
  /// <!-- example: in login-parent -->
  /// ```swift
  /// case .closeTapped:
  ///   return Login.cancelEffects.map(Sheet.Action.login)
  /// ```
  public static var cancelEffects: Effect<Action> {
    .cancel(id: CancelID.login)
  }

  /// Editing a field while a request is in flight abandons that request, so its response can
  /// never be mixed into the new input.
  private static func cancelRequestInFlight(_ state: inout State) -> Effect<Action> {
    guard state.isLoading else { return .none }
    state.isLoading = false
    return .cancel(id: CancelID.login)
  }
}
