// A declaration of an app's feature, which presents the login screen.
enum MyApp {
  struct State: Equatable, Sendable { var login: Login.State? }
  enum Action: Sendable { case login(Login.Action) }
  struct Environment: Sendable { var login: Login.Environment }
  static let core = Reducer<State, Action, Environment> { _, _, _ in .none }
  // «example»
}
