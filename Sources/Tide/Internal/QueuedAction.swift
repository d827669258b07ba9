/// An action waiting in a root store's queue, to be reduced before the current `send` returns.
@usableFromInline
struct QueuedAction<Action: Sendable> {
  @usableFromInline let action: Action
  /// The tree its effects join: that of a separately sent action (sent by an observer); `nil`
  /// when the action belongs to the current send's own tree (it came from a `.send` effect).
  @usableFromInline let tree: EffectTree?

  @usableFromInline
  init(action: Action, tree: EffectTree?) {
    self.action = action
    self.tree = tree
  }
}
