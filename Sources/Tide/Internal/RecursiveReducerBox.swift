/// The reducer a ``Reducer/recursive(_:)`` reducer runs for its children: itself, set once,
/// before the reducer that holds this box is handed out, and never written after (read before
/// then only by a stand-in that `build` ran, which stops the program).
@usableFromInline
final class RecursiveReducerBox<State, Action: Sendable, Environment>: Sendable {
  @usableFromInline nonisolated(unsafe) var reducer: Reducer<State, Action, Environment>?
  /// The copies a row reaches without going into its own rows: those of the reducer made with
  /// a stand-in that reaches none. Set with ``reducer``.
  nonisolated(unsafe) var ownFields: [SharedField<State>] = []

  @usableFromInline
  init() {}

  /// The copies the whole reducer reaches, for the child's sync to forward to: every field of
  /// the reducer that holds the child, read when a step runs, since the child is that reducer.
  ///
  /// While the reducer runs, each level of an action's path syncs only its rows' own copies:
  /// the level below synced its own before, so the change on the path reaches every level's
  /// copy at once, and a sync of each level's whole subtree would cost the tree's rows times
  /// the path's depth. The rest of the tree (rows off the path, and theirs) takes the value
  /// when the step ends, at the root, or where an operator outside the recursion syncs, which
  /// reach every copy.
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

  private var fields: [SharedField<State>] {
    if let context = SharedStepContext.ofThisThread, context.pointee.recursiveBodies > 0 {
      return ownFields
    }
    return reducer?.sharing?.fields ?? []
  }
}
