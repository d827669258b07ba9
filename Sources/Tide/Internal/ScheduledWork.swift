/// One piece of work waiting in a ``ManualClock``'s queue.
enum ScheduledWork {
  /// A job of a task that prefers the clock as its executor.
  case job(UnownedJob)
  /// An effect's action on its way to a store on the main actor: `deliver` runs on the main actor
  /// when the clock reaches it, then the effect that sent it resumes.
  case mainActor(
    _ deliver: @MainActor @Sendable () -> Void,
    resume: CheckedContinuation<Void, Never>
  )
}

/// A first-in first-out queue of ``ScheduledWork`` with O(1) removal at the front.
struct ScheduledWorkQueue {
  private var items: [ScheduledWork?] = []
  private var head = 0

  var isEmpty: Bool { head == items.count }
  var count: Int { items.count - head }

  mutating func append(_ work: ScheduledWork) {
    items.append(work)
  }

  mutating func popFirst() -> ScheduledWork? {
    guard head < items.count else { return nil }
    let work = items[head]
    items[head] = nil
    head += 1
    // Reclaim the consumed prefix once it is most of the buffer, so memory stays bounded.
    if head >= 64 && head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return work
  }

  mutating func removeAll() -> [ScheduledWork] {
    defer {
      items = []
      head = 0
    }
    return items[head...].compactMap { $0 }
  }
}
