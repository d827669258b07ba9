import Synchronization
import Tide
import TideTesting

/// Collects what the runtime reports (warnings, unhandled effect errors) during a test.
final class ReportedIssues: Sendable {
  private let messages = Mutex<[String]>([])

  var all: [String] { messages.withLock { $0 } }

  var reporter: IssueReporter {
    IssueReporter { message, _ in self.messages.withLock { $0.append(message) } }
  }
}

/// A thread-safe list that effects append to.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  var all: [Value] { values.withLock { $0 } }
  func append(_ value: Value) { values.withLock { $0.append(value) } }
}

/// Runs effect work on a hand-driven executor until everything that can run has run: the jobs on
/// the executor and the hops to the main actor that deliver actions to the store.
@MainActor
func settle(_ executor: ManualExecutor) async {
  for _ in 0..<20 {
    executor.runUntilIdle()
    await Task.yield()
  }
}
