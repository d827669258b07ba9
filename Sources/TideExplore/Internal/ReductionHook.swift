/// The store's reducer hook, pointed at its run once the run exists.
@MainActor
@usableFromInline
final class ReductionHook<State, Action> {
  @usableFromInline var reduced: (Action, State, State) -> Void = { _, _, _ in }

  @usableFromInline init() {}
}
