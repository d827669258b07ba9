/// The store's reducer hook, pointed at its run once the run exists.
@MainActor
final class ReductionHook<State, Action> {
  var reduced: (Action, State, State) -> Void = { _, _, _ in }
}
