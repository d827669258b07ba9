#if canImport(SwiftUI)
  import LoginFeature
  import SwiftUI
  import Tide

  /// The login form: two fields bound to the state, a button enabled only for valid input, a
  /// spinner while the request runs, and the message the reducer chose.
  struct LoginView: View {
    let store: Store<Login.State, Login.Action>

    var body: some View {
      Form {
        TextField(
          "Username", text: store.binding(\.username, send: Login.Action.usernameChanged).swiftUI)
        SecureField(
          "Password", text: store.binding(\.password, send: Login.Action.passwordChanged).swiftUI)
        Button("Log in") {
          store.send(.loginButtonTapped)
        }
        .disabled(!store[\.viewState.isLoginButtonEnabled])
        if store[\.viewState.isActivityIndicatorVisible] {
          ProgressView()
        }
        if let message = store[\.viewState.infoMessage] {
          Text(message)
        }
      }
      .navigationTitle("Log in")
    }
  }
#endif
