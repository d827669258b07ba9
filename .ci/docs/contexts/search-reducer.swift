// A case of a search feature's reducer.
enum CancelID { case search }
struct SearchID: Hashable, Sendable {}
let _ = Reducer<Search.State, Search.Action, Search.Environment> { state, action, environment in
  switch action {
  // «example»
  default:
    return .none
  }
}
