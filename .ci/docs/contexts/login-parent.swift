// A sheet that runs the login screen by calling its reducer itself.
enum Sheet {
  enum Action: Sendable {
    case login(Login.Action)
    case closeTapped
  }
}
let _ = Reducer<Login.State, Sheet.Action, Login.Environment> { state, action, environment in
  switch action {
  case .login(let action):
    return Login.reducer.reduce(into: &state, action: action, environment: environment)
      .map(Sheet.Action.login)
  // «example»
  }
}
