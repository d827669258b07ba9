// An effect of the app's reducer.
@MainActor func _example() -> Effect<App.Action> {
  // «example»
}
