/// An action waiting in a root store's queue, to be reduced before the current `send` returns.
@usableFromInline
struct QueuedAction<Action: Sendable> {
  @usableFromInline let action: Action
  /// The tree its effects join: that of a separately sent action (sent by an observer); `nil`
  /// when the action belongs to the current send's own tree (it came from a `.send` effect).
  @usableFromInline let tree: EffectTree?
  /// Whether an effect sent it (a `.send` effect's action, or an effect's action that arrived
  /// during a send), rather than someone outside the store: what a recording tells apart.
  @usableFromInline let received: Bool

  @usableFromInline
  init(action: Action, tree: EffectTree?, received: Bool = true) {
    self.action = action
    self.tree = tree
    self.received = received
  }
}
