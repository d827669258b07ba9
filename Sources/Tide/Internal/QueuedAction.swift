/// An action waiting in a root store's queue, to be reduced before the current `send` returns.
@usableFromInline
struct QueuedAction<Action: Sendable> {
  @usableFromInline let action: Action
  /// The tasks handle of a separately sent action; `nil` when the action belongs to the batch's
  /// first send (it came from a `.send` effect).
  @usableFromInline let tasks: QueuedActionTasks?

  @usableFromInline
  init(action: Action, tasks: QueuedActionTasks?) {
    self.action = action
    self.tasks = tasks
  }
}
