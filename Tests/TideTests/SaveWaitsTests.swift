import Testing

@testable import Tide

/// `persisting`'s bound on a save's wait keeps one burst a store, for as long as the save of
/// its latest change has not ended.
@Suite struct SaveWaitsTests {
  @Test func aBurstEndsWithTheSaveOfItsLatestChangeOnly() {
    let clock = ManualClock()
    let waits = SaveWaits(maximumWait: .seconds(1))
    let first = waits.wait(debounce: .milliseconds(300), store: 7, clock: clock)
    let second = waits.wait(debounce: .milliseconds(300), store: 7, clock: clock)
    #expect(waits.waitingStores == 1)
    // The first save, cancelled by the second change, leaves the burst to it.
    waits.end(first.change, store: 7)
    #expect(waits.waitingStores == 1)
    waits.end(second.change, store: 7)
    #expect(waits.waitingStores == 0)
  }

  /// A burst whose latest change is older than the debounce is over, whether or not its save
  /// said so (one cancelled before its task ran never does), for every store.
  @Test func aBurstOlderThanTheDebounceIsOver() async {
    let clock = ManualClock()
    let waits = SaveWaits(maximumWait: .seconds(1))
    _ = waits.wait(debounce: .milliseconds(300), store: 1, clock: clock)
    _ = waits.wait(debounce: .milliseconds(300), store: 2, clock: clock)
    await clock.advance(by: .seconds(10))
    let next = waits.wait(debounce: .milliseconds(300), store: 1, clock: clock)
    #expect(next.duration == .milliseconds(300))
    #expect(waits.waitingStores == 1)
  }
}
