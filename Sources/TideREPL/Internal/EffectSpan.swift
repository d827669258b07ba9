/// One effect a step started, from its start to its end, on the session's clock: what the web
/// inspector draws as a bar on its time axis.
struct EffectSpan: Equatable {
  /// The effect, as its description prints it.
  let description: String
  /// When it started.
  let start: Duration
  /// How many steps the history had when it started: the step that started it is the last one.
  let step: Int
  /// When it ended, or `nil` while it runs.
  var end: Duration?
  /// Whether it was cancelled rather than finishing on its own.
  var wasCancelled = false
}
