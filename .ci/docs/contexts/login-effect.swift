// What the login screen's reducer returns when the button is tapped.
let _ = Reducer<Login.State, Login.Action, Login.Environment> { state, action, environment in
  guard case .loginButtonTapped = action else { return .none }
  // «example»
}
