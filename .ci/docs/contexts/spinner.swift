// A spinner of the app's own that shows while the login screen is loading.
final class Spinner { var isVisible = false }
@MainActor func _example(store: Store<Login.State, Login.Action>, spinner: Spinner) {
  // «example»
}
