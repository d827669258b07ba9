import Dispatch
import Tide

/// The events a client's reader has read and its consumer has not taken yet: at most
/// `capacity` of them. A reader that gets that far ahead waits, and reads nothing from the
/// socket meanwhile, so a server that floods a client whose consumer is stuck (its output piped
/// to a process that reads nothing) fills the kernel's buffers and then the server's backlog
/// for the client, which the server bounds, never the client's memory.
final class AttachEventQueue<Event: Sendable>: Sendable {
  private struct Inner {
    var events: [Event] = []
    /// Where the next event to take is in `events`: taken events are dropped in bulk.
    var head = 0
    var waiter: CheckedContinuation<Event?, Never>?
    var isFinished = false
    var isAbandoned = false
    /// Whether the reader adds events without waiting for room: the connection is shut, and
    /// what is left to read is what it already holds.
    var isReleased = false
  }

  private let inner = Lock(Inner())
  /// The room left for events.
  private let room: DispatchSemaphore

  init(capacity: Int) {
    room = DispatchSemaphore(value: capacity)
  }

  /// Adds an event once there is room for it; drops it once nobody takes events any more.
  func put(_ event: Event) {
    let (isAbandoned, isReleased) = inner.withLock { ($0.isAbandoned, $0.isReleased) }
    guard !isAbandoned else { return }
    if !isReleased { room.wait() }
    add(event, last: false)
  }

  /// Adds the last event, without waiting for room: nothing follows it.
  func finish(with event: Event) {
    add(event, last: true)
  }

  private func add(_ event: Event, last: Bool) {
    inner.withLock { inner in
      guard !inner.isFinished, !inner.isAbandoned else { return }
      if let waiter = inner.waiter {
        inner.waiter = nil
        waiter.resume(returning: event)
      } else {
        inner.events.append(event)
      }
      if last { inner.isFinished = true }
    }
  }

  /// The next event, once there is one; `nil` after the last.
  func take() async -> Event? {
    let event = await withCheckedContinuation {
      (continuation: CheckedContinuation<Event?, Never>) in
      inner.withLock { inner in
        if inner.head < inner.events.count {
          let event = inner.events[inner.head]
          inner.head += 1
          if inner.head == inner.events.count { (inner.events, inner.head) = ([], 0) }
          continuation.resume(returning: event)
        } else if inner.isFinished || inner.isAbandoned {
          continuation.resume(returning: nil)
        } else {
          inner.waiter = continuation
        }
      }
    }
    if event != nil { room.signal() }
    return event
  }

  /// The connection is shut: a reader waiting for room goes on, and adds what it still has
  /// without waiting, so that the consumer still gets the events up to the last.
  func release() {
    inner.withLock { $0.isReleased = true }
    room.signal()
  }

  /// Nobody takes events any more (the consumer was cancelled): a reader waiting for room goes
  /// on, and what it adds from now on is dropped.
  func abandon() {
    let waiter = inner.withLock { inner -> CheckedContinuation<Event?, Never>? in
      inner.isAbandoned = true
      defer { inner.waiter = nil }
      return inner.waiter
    }
    waiter?.resume(returning: nil)
    room.signal()
  }
}
