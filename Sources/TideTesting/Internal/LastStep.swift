import Tide

/// The test's line that ran last, and whether the test store is running effects for it now.
struct LastStep: Sendable {
  var location: SourceCodeLocation
  /// Whether the store is running effects for that step: what an effect's action does is then
  /// reported at it, rather than at the step that started the effect.
  var isRunning = false
}
