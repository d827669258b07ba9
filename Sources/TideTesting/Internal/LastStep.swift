import Tide

/// The test's line that ran last, and whether the test store is running effects for it now.
struct LastStep: Sendable {
  var location: SourceCodeLocation
  /// How many runs of effects for steps are under way (a task's `finish()` may run them while
  /// a step does): while any is, what an effect's action does is reported at the step, rather
  /// than at the step that started the effect.
  var runs = 0
}
