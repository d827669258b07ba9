import Dispatch
import Foundation
import Testing

@testable import TideAttach

/// The events a client has read and not handed over yet are bounded: a reader that gets ahead
/// waits, so a server cannot grow a client whose consumer is stuck.
@Suite struct AttachEventQueueTests {
  /// Puts `event` on a thread of its own; `done` is signalled once the put returns.
  func put(_ event: Int, into queue: AttachEventQueue<Int>, done: DispatchSemaphore) {
    Thread {
      queue.put(event)
      done.signal()
    }.start()
  }

  @Test func aReaderWaitsForRoomAndGoesOnOnceAnEventIsTaken() async {
    let queue = AttachEventQueue<Int>(capacity: 2)
    queue.put(1)
    queue.put(2)
    let done = DispatchSemaphore(value: 0)
    put(3, into: queue, done: done)
    // Full: the third waits (a wait that ended here would be the bug; one that goes on longer
    // than this proves nothing more).
    #expect(done.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
    #expect(await queue.take() == 1)
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    queue.finish(with: 0)
    var taken: [Int] = []
    while let event = await queue.take() { taken.append(event) }
    #expect(taken == [2, 3, 0])
  }

  @Test func aClosedConnectionsLastEventsGoThroughWithoutWaiting() async {
    let queue = AttachEventQueue<Int>(capacity: 1)
    queue.put(1)
    let done = DispatchSemaphore(value: 0)
    put(2, into: queue, done: done)
    queue.release()
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    queue.put(3)
    queue.finish(with: 0)
    var taken: [Int] = []
    while let event = await queue.take() { taken.append(event) }
    #expect(taken == [1, 2, 3, 0])
  }

  @Test func aCancelledConsumerLetsTheReaderGoAndDropsWhatFollows() async {
    let queue = AttachEventQueue<Int>(capacity: 1)
    queue.put(1)
    let done = DispatchSemaphore(value: 0)
    put(2, into: queue, done: done)
    queue.abandon()
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    queue.put(3)
    queue.finish(with: 0)
    #expect(await queue.take() == 1)
    #expect(await queue.take() == nil)
  }

  @Test func aConsumerWaitingForAnEventGetsItWhenItComes() async {
    let queue = AttachEventQueue<Int>(capacity: 4)
    async let first = queue.take()
    Thread { queue.put(7) }.start()
    #expect(await first == 7)
  }
}
