/// A schedule exhaustive mode has still to expand, and the state it starts from when its parent
/// was at rest and the explorer restarts from states (`Explorer.restartsFromState`): then only
/// its last step is run.
@usableFromInline
struct ExhaustiveNode<State, Action> {
  @usableFromInline let schedule: [ExploreStep<Action>]
  /// The parent configuration's state, and the virtual time it was reached at.
  @usableFromInline let parent: (state: State, time: Duration)?

  @usableFromInline
  init(schedule: [ExploreStep<Action>], parent: (state: State, time: Duration)?) {
    self.schedule = schedule
    self.parent = parent
  }
}
