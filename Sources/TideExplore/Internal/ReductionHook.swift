/// The store's reducer hook, pointed at its run once the run exists.
@MainActor
@usableFromInline
final class ReductionHook<State, Action> {
  @usableFromInline var reduced: (Action, State, State) -> Void = { _, _, _ in }
  /// The state after the last reduction (at first, the one the store starts in): the state
  /// before the next. A store's state changes only by reductions.
  @usableFromInline var current: State

  @usableFromInline init(_ state: State) {
    current = state
  }

  /// Tells ``reduced`` of a reduction, with the state before it.
  @inlinable
  func reduced(_ action: Action, after: State) {
    let before = current
    current = after
    reduced(action, before, after)
  }
}
