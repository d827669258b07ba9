import TideInspect

/// One choice in an explored schedule.
///
/// ```swift
/// let schedule: [ExploreStep<Login.Action>] = [
///   .send(.usernameChanged("ab")),
///   .resolve(call: "login(\"ab\", \"Abc1\")", name: "login", outcome: 1, label: "failure(.invalidCredentials)"),
/// ]
/// ```
public enum ExploreStep<Action> {
  /// Sends an action, as a user would.
  case send(Action)
  /// Moves virtual time to the deadline of the earliest sleeping timer, and lets everything that
  /// wakes run.
  case advance
  /// Ends a waiting call with one of its outcomes: call `number` of those named `name` when the
  /// number is given (as every schedule the explorer reports gives it), else the oldest waiting
  /// call with this description. Either way, the call must have this description.
  ///
  /// - Parameters:
  ///   - call: The call with its arguments: `login("ab", "Abc1")`.
  ///   - name: The call's name: `login`.
  ///   - outcome: The position of the outcome among those the call declared.
  ///   - label: The outcome, as reports print it.
  ///   - number: Which call of that name, counting from 1 in the order they were made: two
  ///     waiting calls may have the same description.
  case resolve(call: String, name: String, outcome: Int, label: String, number: Int? = nil)
}

extension ExploreStep: CustomStringConvertible {
  /// Prints a sent action, with each shared copy it carries under the label of its rank.
  private static var reportInspector: Inspector {
    var inspector = Inspector()
    inspector.labelsSharedCopiesByRank = true
    return inspector
  }

  /// The step as reports print it, with secrets hidden: `send .passwordChanged("••••••")`.
  /// When the action type hides some of its payloads (it is `Redacting`), a call's arguments
  /// are hidden too, since one of them may be what it hides: `resolve login(…) → failure(.nilData)`.
  public var description: String {
    switch self {
    case .send(let action):
      // Typed back into the REPL, a shared copy the action carries keeps its rank.
      "send \(Self.reportInspector.line(action))"
    case .advance: "advance to the next timer"
    case .resolve(let call, let name, _, let label, _):
      "resolve \(Self.hidesArguments ? "\(name)(…)" : call) → \(label)"
    }
  }

  /// Whether calls' arguments are hidden in reports: the action type hides some payloads.
  private static var hidesArguments: Bool {
    !((Action.self as? any Redacting.Type)?.redactedLabels.isEmpty ?? true)
  }
}

extension ExploreStep: Equatable where Action: Equatable {}
