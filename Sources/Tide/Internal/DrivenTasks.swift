/// The tasks one `send` started on a store driven by a ``ManualClock``, and that clock.
@usableFromInline
final class DrivenTasks: Sendable {
  let tasks: [Task<Void, Never>]
  let scheduler: ManualClock

  @usableFromInline
  init(tasks: [Task<Void, Never>], scheduler: ManualClock) {
    self.tasks = tasks
    self.scheduler = scheduler
  }
}
