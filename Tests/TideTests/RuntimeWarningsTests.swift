import Synchronization
import Testing

@testable import Tide

/// A store's runtime warnings go through one reporter the app can replace.
@MainActor
@Suite(.serialized) struct RuntimeWarningsTests {
  @Test func aReplacedReporterReceivesTheStoresWarnings() {
    let received = Mutex<[RuntimeWarnings.Warning]>([])
    let marker = "reporter-test-\(UInt64.random(in: 0...UInt64.max))"
    let previous = RuntimeWarnings.reporter
    RuntimeWarnings.reporter = { warning in
      if warning.message.contains(marker) { received.withLock { $0.append(warning) } }
    }
    defer { RuntimeWarnings.reporter = previous }
    let store = Store(
      initialState: ObservationTrackingTests.State(), reducer: ObservationTrackingTests.reducer,
      environment: ())
    let row = store.scope(state: \.rows, id: 1, action: \.row)!
    store.send(.removeRow(1))
    row.send(.rename(marker))
    let warnings = received.withLock { $0 }
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.message.hasPrefix("A store sent an action after its state was gone.") == true)
    #expect(warnings.first?.fileID == nil)
  }

  @Test func theWarningsLocationIsPassedOn() {
    let received = Mutex<[RuntimeWarnings.Warning]>([])
    let previous = RuntimeWarnings.reporter
    RuntimeWarnings.reporter = { warning in
      if warning.message == "located" { received.withLock { $0.append(warning) } }
    }
    defer { RuntimeWarnings.reporter = previous }
    IssueReporter.runtimeWarning.report(
      "located",
      at: SourceCodeLocation(
        fileID: "App/View.swift", filePath: "/x/App/View.swift", line: 12, column: 3))
    #expect(
      received.withLock { $0 } == [
        .init(
          message: "located", fileID: "App/View.swift", line: 12, filePath: "/x/App/View.swift",
          column: 3)
      ])
  }

  /// A warning may quote a file name, whose bytes tide did not write: an escape sequence in it
  /// (a link's target) must not retitle or clear the terminal the warning is written to.
  @Test func standardErrorWritesWhatATerminalWouldActOnAsEscapes() {
    let warning = RuntimeWarnings.Warning(
      message: "There is no /d/\u{1b}]0;PWNED\u{7}\u{1b}[2J yet.\nSecond line\twith a tab.",
      fileID: "App/Data.swift", line: 7)
    #expect(
      RuntimeWarnings.standardErrorText(for: warning)
        == "[Tide] warning (App/Data.swift:7): There is no /d/\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J yet.\nSecond line\twith a tab.\n"
    )
  }
}
