import TideExplore

/// A session's test being written: the writer with its head, the steps it has still to write,
/// and how it ends.
struct REPLTestExportInProgress {
  var writer: TestWriter
  /// The steps of the next entry (the calls resolved before it, then its action), made as they
  /// are asked for: a long session's states are computed as its test is written, never held
  /// all at once. `nil` after the last.
  let nextSteps: () -> [TestExporter.Step]?
  let effectsStillRunning: Bool
  /// The steps written so far (numbered from 1) that reported issues when they were reduced
  /// again, with the first line of each: the test reports them too.
  let warnedSteps: () -> [(step: Int, issue: String)]
}
