// A case of a reducer whose state is logged in or out.
enum CancelID { case search }
enum Session {
  enum State: Equatable, Sendable { case loggedIn, loggedOut }
  enum Action: Equatable, Sendable { case logoutTapped, other }
}
let _ = Reducer<Session.State, Session.Action, Void> { state, action, _ in
  switch action {
  // «example»
  default:
    return .none
  }
}
