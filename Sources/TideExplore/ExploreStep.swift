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
  /// Ends the oldest waiting call with this description with one of its outcomes.
  ///
  /// - Parameters:
  ///   - call: The call with its arguments: `login("ab", "Abc1")`.
  ///   - name: The call's name: `login`.
  ///   - outcome: The position of the outcome among those the call declared.
  ///   - label: The outcome, as reports print it.
  case resolve(call: String, name: String, outcome: Int, label: String)
}

extension ExploreStep: CustomStringConvertible {
  /// The step as reports print it, with secrets hidden: `send .passwordChanged(<redacted>)`.
  public var description: String {
    switch self {
    case .send(let action): "send \(Inspector().line(action))"
    case .advance: "advance to the next timer"
    case .resolve(let call, _, _, let label): "resolve \(call) → \(label)"
    }
  }
}

extension ExploreStep: Equatable where Action: Equatable {}
