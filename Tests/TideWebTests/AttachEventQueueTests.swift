import Dispatch
import Foundation
import Testing

@testable import TideAttach

/// The events a client has read and not handed over yet are bounded: a reader that gets ahead
/// waits, so a server cannot grow a client whose consumer is stuck.
@Suite struct AttachEventQueueTests {
  /// Puts `event` on a thread of its own; `done` is signalled once the put returns.
  func put(
    _ event: Int, bytes: Int = 1, into queue: AttachEventQueue<Int>, done: DispatchSemaphore
  ) {
    Thread {
      queue.put(event, bytes: bytes)
      done.signal()
    }.start()
  }

  func takeAll(_ queue: AttachEventQueue<Int>) async -> [Int] {
    var taken: [Int] = []
    while let event = await queue.take() { taken.append(event) }
    return taken
  }

  @Test func aReaderWaitsForRoomAndGoesOnOnceAnEventIsTaken() async {
    let queue = AttachEventQueue<Int>(capacity: 2, byteCapacity: 100)
    queue.put(1, bytes: 1)
    queue.put(2, bytes: 1)
    let done = DispatchSemaphore(value: 0)
    put(3, into: queue, done: done)
    // Full: the third waits (a wait that ended here would be the bug; one that goes on longer
    // than this proves nothing more).
    #expect(done.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
    #expect(await queue.take() == 1)
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    queue.finish(with: 0)
    #expect(await takeAll(queue) == [2, 3, 0])
  }

  @Test func bytesWaitingAreBoundedTooAndALargeEventWaitsAlone() async {
    let queue = AttachEventQueue<Int>(capacity: 100, byteCapacity: 10)
    queue.put(1, bytes: 6)
    let done = DispatchSemaphore(value: 0)
    put(2, bytes: 6, into: queue, done: done)
    #expect(done.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
    #expect(await queue.take() == 1)
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    // Larger than the bound, into an empty queue: it goes in alone.
    #expect(await queue.take() == 2)
    queue.put(3, bytes: 50)
    queue.finish(with: 0)
    #expect(await takeAll(queue) == [3, 0])
  }

  @Test func aClosedConnectionsLastEventsGoThroughWithoutWaiting() async {
    let queue = AttachEventQueue<Int>(capacity: 1, byteCapacity: 100)
    queue.put(1, bytes: 1)
    let done = DispatchSemaphore(value: 0)
    put(2, into: queue, done: done)
    queue.release()
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    queue.put(3, bytes: 1)
    queue.finish(with: 0)
    #expect(await takeAll(queue) == [1, 2, 3, 0])
  }

  @Test func anAbandonedQueueLetsTheReaderGoAndDropsWhatWaits() async {
    let queue = AttachEventQueue<Int>(capacity: 1, byteCapacity: 100)
    queue.put(1, bytes: 1)
    let done = DispatchSemaphore(value: 0)
    put(2, into: queue, done: done)
    queue.abandon()
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    queue.put(3, bytes: 1)
    queue.finish(with: 0)
    #expect(await queue.take() == nil)
  }

  /// A queue freed with events nobody took (a client stopped while a server still sent): no
  /// count of room is left unbalanced to trap on (a semaphore's did).
  @Test func aQueueFreedWithEventsNotTakenIsFreed() {
    weak var freed: AttachEventQueue<Int>?
    do {
      let queue = AttachEventQueue<Int>(capacity: 4, byteCapacity: 100)
      queue.put(1, bytes: 1)
      queue.put(2, bytes: 1)
      freed = queue
    }
    #expect(freed == nil)
  }

  @Test func aConsumerWaitingForAnEventGetsItWhenItComes() async {
    let queue = AttachEventQueue<Int>(capacity: 4, byteCapacity: 100)
    async let first = queue.take()
    Thread { queue.put(7, bytes: 1) }.start()
    #expect(await first == 7)
  }

  @Test func twoTakesWaitingAtOnceEachGetAnEvent() async {
    let queue = AttachEventQueue<Int>(capacity: 4, byteCapacity: 100)
    async let first = queue.take()
    async let second = queue.take()
    Thread {
      queue.put(1, bytes: 1)
      queue.put(2, bytes: 1)
    }.start()
    let taken = await [first, second]
    #expect(taken.compactMap { $0 }.sorted() == [1, 2])
  }

  /// A consumer cancelled while the reader hands it an event: resuming the consumer takes its
  /// task's lock, which cancelling holds while it abandons the queue, so the queue resumes
  /// nobody under its own lock (a run of `tide attach` under the thread sanitizer hung there).
  @Test func aConsumerCancelledWhileTheReaderHandsItAnEventEnds() async {
    for _ in 0..<200 {
      let queue = AttachEventQueue<Int>(capacity: 4, byteCapacity: 100)
      let stream = AsyncStream(unfolding: { await queue.take() }, onCancel: { queue.abandon() })
      let consumer = Task { for await _ in stream {} }
      Thread {
        queue.put(1, bytes: 1)
        queue.finish(with: 0)
      }.start()
      consumer.cancel()
      await consumer.value
    }
  }

  @Test func theLastEventEndsEveryWaitingTake() async {
    let queue = AttachEventQueue<Int>(capacity: 4, byteCapacity: 100)
    async let first = queue.take()
    async let second = queue.take()
    Thread { queue.finish(with: 0) }.start()
    let taken = await [first, second]
    #expect(taken.compactMap { $0 } == [0])
  }
}
