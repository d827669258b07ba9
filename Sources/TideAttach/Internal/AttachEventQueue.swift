import Foundation
import Synchronization

/// The events a client's reader has read and its consumer has not taken yet: at most `capacity`
/// of them, and at most `byteCapacity` bytes (one event may pass it alone). A reader that gets
/// that far ahead waits, and reads nothing from the socket meanwhile, so a server that floods a
/// client whose consumer is stuck (its output piped to a process that reads nothing) fills the
/// kernel's buffers and then the server's backlog for the client, which the server bounds,
/// never the client's memory.
///
/// One consumer: events are taken in order by one loop at a time; a second `take()` while one
/// waits waits behind it.
///
/// A waiting `take()` is resumed only after the lock is let go: resuming a task takes the
/// task's own lock, which a task being cancelled holds while its cancellation handler
/// (``abandon()``) asks for this one.
final class AttachEventQueue<Event: Sendable>: @unchecked Sendable {
  // Everything below is read and written under `condition`'s lock.
  private var events: [(event: Event, bytes: Int)] = []
  /// Where the next event to take is in `events`: taken events are dropped in bulk.
  private var head = 0
  private var bytes = 0
  private var waiters: [CheckedContinuation<Event?, Never>] = []
  private var isFinished = false
  private var isAbandoned = false
  /// Whether the reader adds events without waiting for room: the connection is shut, and what
  /// is left to read is what it already holds.
  private var isReleased = false

  private let condition = NSCondition()
  private let capacity: Int
  private let byteCapacity: Int

  init(capacity: Int, byteCapacity: Int) {
    self.capacity = capacity
    self.byteCapacity = byteCapacity
  }

  private var waiting: Int { events.count - head }

  /// Adds an event of about `bytes` bytes once there is room for it; drops it once nobody takes
  /// events any more.
  func put(_ event: Event, bytes size: Int) {
    condition.lock()
    while !isAbandoned, !isReleased, waiting > 0,
      waiting >= capacity || bytes + size > byteCapacity
    {
      condition.wait()
    }
    let waiter = add(event, bytes: size)
    condition.unlock()
    waiter?.resume(returning: event)
  }

  /// Adds the last event, without waiting for room: nothing follows it.
  func finish(with event: Event) {
    condition.lock()
    let waiter = add(event, bytes: 0)
    isFinished = true
    // Nothing follows: the other consumers waiting for more are told so.
    let others = waiting == 0 ? takeWaiters() : []
    condition.unlock()
    waiter?.resume(returning: event)
    for other in others { other.resume(returning: nil) }
  }

  /// Under the lock: queues the event, or returns the waiting `take()` to hand it to.
  private func add(_ event: Event, bytes size: Int) -> CheckedContinuation<Event?, Never>? {
    guard !isFinished, !isAbandoned else { return nil }
    if !waiters.isEmpty { return waiters.removeFirst() }
    events.append((event, size))
    bytes += size
    return nil
  }

  /// Under the lock: the waiting `take()`s, no longer waiting.
  private func takeWaiters() -> [CheckedContinuation<Event?, Never>] {
    defer { waiters = [] }
    return waiters
  }

  /// The next event, once there is one; `nil` after the last, or once abandoned.
  func take() async -> Event? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
      condition.lock()
      if waiting > 0 {
        let (event, size) = events[head]
        head += 1
        bytes -= size
        if head == events.count { (events, head) = ([], 0) }
        condition.broadcast()
        condition.unlock()
        continuation.resume(returning: event)
      } else if isFinished || isAbandoned {
        condition.unlock()
        continuation.resume(returning: nil)
      } else {
        waiters.append(continuation)
        condition.unlock()
      }
    }
  }

  /// The connection is shut: a reader waiting for room goes on, and adds what it still has
  /// without waiting, so that the consumer still gets the events up to the last.
  func release() {
    condition.lock()
    defer { condition.unlock() }
    isReleased = true
    condition.broadcast()
  }

  /// Nobody takes events any more (the consumer's loop ended or was cancelled): a reader
  /// waiting for room goes on, and what it adds from now on is dropped.
  func abandon() {
    condition.lock()
    isAbandoned = true
    (events, head, bytes) = ([], 0, 0)
    let waiters = takeWaiters()
    condition.broadcast()
    condition.unlock()
    for waiter in waiters { waiter.resume(returning: nil) }
  }
}

/// Abandons a queue when the stream that took from it is released: a loop over a client's
/// events that ends (`break`, `return`) lets the reader go, as cancelling it does. A stream
/// nobody looped over (`_ = client.events`, one kept aside) abandons nothing.
final class AttachEventQueueAbandoner<Event: Sendable>: Sendable {
  private let queue: AttachEventQueue<Event>
  private let hasTaken = Atomic<Bool>(false)

  init(_ queue: AttachEventQueue<Event>) {
    self.queue = queue
  }

  /// Takes the next event for the stream.
  func take() async -> Event? {
    hasTaken.store(true, ordering: .relaxed)
    return await queue.take()
  }

  deinit {
    if hasTaken.load(ordering: .relaxed) { queue.abandon() }
  }
}
