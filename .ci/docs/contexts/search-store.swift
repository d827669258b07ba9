// A store of the search feature.
enum CancelID { case search }
@MainActor func _example(store: Store<Search.State, Search.Action>) async {
  // «example»
}
