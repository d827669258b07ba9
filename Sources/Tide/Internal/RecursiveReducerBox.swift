/// The reducer a ``Reducer/recursive(_:)`` reducer runs for its children: itself, set once,
/// before the reducer that holds this box is handed out, and never written after (read before
/// then only by a stand-in that `build` ran, which stops the program).
@usableFromInline
final class RecursiveReducerBox<State, Action: Sendable, Environment>: Sendable {
  @usableFromInline nonisolated(unsafe) var reducer: Reducer<State, Action, Environment>?

  @usableFromInline
  init() {}

  /// The copies the whole reducer reaches, for the child's sync to forward to: every field of
  /// the reducer that holds the child, read when a step runs, since the child is that reducer.
  @usableFromInline
  func forwardingSharing(stashes: Bool) -> SharedSync<State> {
    SharedSync(
      stashes: stashes,
      fields: [
        SharedField(
          collect: { [unowned self] state, copies in
            for field in self.fields { field.collect(state, &copies) }
          },
          isOutdated: { [unowned self] state, copies in
            self.fields.contains { $0.isOutdated(state, copies) }
          },
          apply: { [unowned self] state, copies in
            for field in self.fields where field.isOutdated(state, copies) {
              field.apply(&state, copies)
            }
          },
          stash: { [unowned self] state, step in
            for field in self.fields { field.stash(state, step) }
          },
          isSettledAlone: nil)
      ])
  }

  private var fields: [SharedField<State>] { reducer?.sharing?.fields ?? [] }
}
