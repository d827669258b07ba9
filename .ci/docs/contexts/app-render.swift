// A view that renders the app's screens.
func render(_ login: Login.ViewState) {}
func render(_ home: App.ViewState.HomeView) {}
@MainActor func _example(store: Store<App.State, App.Action>) {
  // «example»
}
