import Tide

/// The runtime's warnings (an unhandled effect error, an action sent to a missing child) as they
/// arrive from any thread, kept in order until the REPL prints them after the step that caused
/// them.
final class WarningLog: Sendable {
  private let messages = Lock<[String]>([])

  var reporter: IssueReporter {
    IssueReporter { message, _ in self.messages.withLock { $0.append(message) } }
  }

  /// The warnings since the last call, oldest first.
  func removeAll() -> [String] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}
