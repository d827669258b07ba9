/// What an explored schedule broke.
public enum ExploreFailureKind: Equatable, Sendable {
  /// An invariant, by name, did not hold.
  case invariant(String)
  /// The runtime reported an issue (an effect's unhandled error, an action for a child that is
  /// gone, …), with its message.
  case runtimeIssue(String)
  /// Effects were still running after the schedule ended and every waiting call and timer had
  /// been let run; their descriptions.
  case effectsStillRunning([String])

  /// The heading of a report of this failure.
  var heading: String {
    switch self {
    case .invariant(let name): "An invariant does not hold: \(name)."
    case .runtimeIssue: "The runtime reported an issue."
    case .effectsStillRunning: "Effects are still running at the end of the schedule."
    }
  }

  /// Whether a shrunk schedule fails the same way: the same invariant, the same kind of issue.
  func matches(_ other: Self) -> Bool {
    switch (self, other) {
    case (.invariant(let a), .invariant(let b)): a == b
    case (.runtimeIssue(let a), .runtimeIssue(let b)):
      a.prefix(while: { $0 != "\n" }) == b.prefix(while: { $0 != "\n" })
    case (.effectsStillRunning, .effectsStillRunning): true
    default: false
    }
  }
}
