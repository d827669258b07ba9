import Tide

/// Collects what the runtime reports (warnings, unhandled effect errors) during a test.
///
/// ```swift
/// let issues = ReportedIssues()
/// IssueReporter.$current.withValue(issues.reporter) { store.send(.tapped) }
/// #expect(issues.all.isEmpty)
/// ```
package final class ReportedIssues: Sendable {
  private let messages = Lock<[String]>([])

  /// Creates an empty collection.
  package init() {}

  /// Every message reported so far, oldest first.
  package var all: [String] { messages.withLock { $0 } }

  /// A reporter that appends to this collection.
  package var reporter: IssueReporter {
    IssueReporter { message, _ in self.messages.withLock { $0.append(message) } }
  }
}
