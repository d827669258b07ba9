// A feature registered with tide.
@MainActor func _example() {
  _ =
    // «example»
}
