/// A child an operator runs (an `ifLet`'s, a `forEach`'s elements, a stack's screens, an
/// `ifCaseLet`'s case), as a ``Reducer/combine(_:)-(Reducer...)`` around the operator looks at
/// it: a reducer combined with the operator that removes the child does so where the operator
/// cannot see, so the combine cancels the child's effects in that step, as the operator does
/// when its own parent removes it.
@usableFromInline
struct ChildWatch<State, Action: Sendable>: Sendable {
  /// Looks at the child before a step, and gives what to look at after it: the effect that
  /// cancels the effects of what the step removed (`.none` for nothing), or `nil` when there
  /// was nothing to remove.
  @usableFromInline
  let before: @Sendable (inout State) -> (@Sendable (inout State) -> Effect<Action>)?

  @usableFromInline
  init(before: @escaping @Sendable (inout State) -> (@Sendable (inout State) -> Effect<Action>)?) {
    self.before = before
  }
}
