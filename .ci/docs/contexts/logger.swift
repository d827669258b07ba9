// A logger an app already has.
struct Logger: Sendable { func warning(_ message: String) {} }
let logger = Logger()
@MainActor func _example() {
  // «example»
}
