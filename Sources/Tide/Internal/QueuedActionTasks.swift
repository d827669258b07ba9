/// The tasks of an action that was queued behind another one, filled in when it is reduced.
///
/// An action is only queued while the store is handling another, synchronously on the main
/// actor, and it is handled before that returns; so by the time anyone can await these tasks
/// (which takes the main actor), they are all known.
@MainActor
@usableFromInline
final class QueuedActionTasks {
  private(set) var tasks: [Task<Void, Never>] = []
  private var isCancelled = false

  @usableFromInline
  nonisolated init() {}

  @usableFromInline
  func append(_ started: [Task<Void, Never>]) {
    tasks += started
    if isCancelled { for task in started { task.cancel() } }
  }

  func cancel() {
    isCancelled = true
    for task in tasks { task.cancel() }
  }
}
