import TideExplore

/// A session's test being written: the writer with its head, the steps it has still to write,
/// and how it ends.
struct REPLTestExportInProgress {
  var writer: TestWriter
  let steps: [TestExporter.Step]
  let effectsStillRunning: Bool
}
