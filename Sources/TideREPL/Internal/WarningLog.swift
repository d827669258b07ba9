import Tide

/// The runtime's warnings (an unhandled effect error, an action sent to a missing child) as they
/// arrive from any thread, kept in order until the REPL prints them after the step that caused
/// them.
final class WarningLog: Sendable {
  private let messages = Lock<[String]>([])
  /// Where warnings go instead, once set: a re-run's own log hands what its effects report
  /// later (after the re-run is in use) to the session's.
  private let target = Lock<WarningLog?>(nil)

  var reporter: IssueReporter {
    IssueReporter { message, _ in self.append(message) }
  }

  func append(_ message: String) {
    if let target = target.withLock({ $0 }) {
      target.append(message)
    } else {
      messages.withLock { $0.append(message) }
    }
  }

  /// Sends every warning from now on to `log`. The warnings kept so far stay here.
  func forward(to log: WarningLog) {
    target.withLock { $0 = log }
  }

  /// The warnings since the last call, oldest first.
  func removeAll() -> [String] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}
