/// A parent reducer's body as an operator that runs a child calls it: first giving every shared
/// copy its `sync` reaches the newest value, when there is a `sync` and the child ran in the
/// step (how a parent that runs after its child sees what the child changed).
///
/// A value the operator calls directly, rather than a closure around the body: an action to a
/// child nested five levels deep would otherwise go through five more closure calls.
@usableFromInline
struct ParentCore<State, Action: Sendable, Environment>: Sendable {
  @usableFromInline let body: @Sendable (inout State, Action, Environment) -> Effect<Action>
  @usableFromInline let sync: SharedSync<State>?

  @inlinable
  init(
    body: @escaping @Sendable (inout State, Action, Environment) -> Effect<Action>,
    sync: SharedSync<State>?
  ) {
    self.body = body
    self.sync = sync
  }

  /// Runs the parent's body on `state`, after syncing shared copies when `childRan`.
  @inlinable
  func callAsFunction(
    _ state: inout State, _ action: Action, _ environment: Environment, _ childRan: Bool
  ) -> Effect<Action> {
    if childRan, let sync { sync.sync(&state) }
    return body(&state, action, environment)
  }
}
