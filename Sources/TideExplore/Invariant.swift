import Tide
import TideInspect

/// A named property of a feature that must hold in every state the explorer reaches, or across
/// every transition.
///
/// State invariants are checked whenever the feature has settled after a step (everything that
/// could run without a new choice has run), with the descriptions of the effects still running;
/// transition invariants are checked on every action the store reduces, sent or received.
///
/// ```swift
/// let invariants: [Invariant<Login.State, Login.Action>] = [
///   .always("the login button is enabled only for valid input") { state in
///     !Login.ViewState(state).isLoginButtonEnabled || state.validationError == nil
///   },
///   .transition("a user is set only by a success response") { before, action, after in
///     guard before.user != after.user else { return true }
///     return action == .loginResponse(.success(after.user!))
///   },
/// ]
/// ```
public struct Invariant<State, Action>: Sendable {
  enum Check: Sendable {
    case state(@Sendable (_ state: State, _ runningEffects: RunningEffects) -> Bool)
    case transition(@Sendable (_ before: State, _ action: Action, _ after: State) -> Bool)
  }

  /// The invariant's name, as reports print it.
  public let name: String
  let check: Check

  /// An invariant over every settled state.
  ///
  /// <!-- example: in search-invariants -->
  /// ```swift
  /// .always("results belong to the current query") { state in
  ///   state.locations.allSatisfy { $0.name.hasPrefix(state.query) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The invariant's name.
  ///   - holds: Whether it holds in a state.
  public static func always(_ name: String, _ holds: @escaping @Sendable (_ state: State) -> Bool)
    -> Self
  {
    Self(name: name, check: .state { state, _ in holds(state) })
  }

  /// An invariant over every settled state and the effects running in it, as
  /// `Store.runningEffects` lists them: asked about by the names given to `.run(name:)` or by
  /// cancellation identifier, not by the text they print.
  ///
  /// <!-- example: in login-invariants -->
  /// ```swift
  /// .always("isLoading implies a login request is running") { state, running in
  ///   !state.isLoading || running.contains(named: "login")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The invariant's name.
  ///   - holds: Whether it holds in a state, given the running effects.
  public static func always(
    _ name: String,
    _ holds: @escaping @Sendable (_ state: State, _ runningEffects: RunningEffects) -> Bool
  ) -> Self {
    Self(name: name, check: .state(holds))
  }

  /// An invariant over every transition: the state before an action, the action, and the state
  /// after it.
  ///
  /// <!-- example: in login-invariants -->
  /// ```swift
  /// .transition("a user is set only by a success response") { before, action, after in
  ///   before.user == after.user || action == .loginResponse(.success(after.user!))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The invariant's name.
  ///   - holds: Whether it holds for a transition.
  public static func transition(
    _ name: String,
    _ holds: @escaping @Sendable (_ before: State, _ action: Action, _ after: State) -> Bool
  ) -> Self {
    Self(name: name, check: .transition(holds))
  }
}

extension Invariant {
  /// Whether a state invariant holds; a transition invariant always does here.
  package func holds(state: State, runningEffects: RunningEffects) -> Bool {
    guard case .state(let holds) = check else { return true }
    return holds(state, runningEffects)
  }

  /// Whether a transition invariant holds; a state invariant always does here.
  package func holds(before: State, action: Action, after: State) -> Bool {
    guard case .transition(let holds) = check else { return true }
    return holds(before, action, after)
  }
}

extension Invariant {
  /// Whether it checks states (with the running effects) rather than transitions.
  var isStateCheck: Bool {
    if case .state = check { return true }
    return false
  }
}

/// The failure texts of broken invariants, shared by the explorer's reports and tests.
package enum InvariantMessage {
  package static func state(_ name: String, state: Any, running: RunningEffects) -> String {
    let inspector = Inspector()
    return """
      An invariant does not hold: \(name).

        State: \(inspector.line(state))
        Running: \(running.isEmpty ? "(none)" : running.descriptions.joined(separator: ", "))
      """
  }

  package static func transition(_ name: String, before: Any, action: Any, after: Any) -> String {
    let inspector = Inspector()
    return """
      An invariant does not hold: \(name).

        Before: \(inspector.line(before))
        Action: \(inspector.line(action))
        After: \(inspector.line(after))
      """
  }
}
