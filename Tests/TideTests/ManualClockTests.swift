import Testing
import TideTestSupport

@testable import Tide

/// The clock's contract: run ready work; advance to T waking sleepers in deadline order, then in
/// the order they went to sleep; time saturates instead of trapping.
@MainActor
@Suite struct ManualClockTests {
  enum Action: Sendable, Equatable {
    case start(String, seconds: Int)
    case woke(String)
  }

  func makeStore(clock: ManualClock) -> Store<[String], Action> {
    let reducer = Reducer<[String], Action, Void> { log, action, _ in
      switch action {
      case .start(let name, let seconds):
        return .run { send in
          try await clock.sleep(for: .seconds(seconds))
          await send(.woke(name))
        }
      case .woke(let name):
        log.append(name)
        return .none
      }
    }
    return Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
  }

  @Test func advanceWakesInDeadlineOrderThenInArrivalOrder() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    for (name, seconds) in [("c", 3), ("a1", 1), ("b", 2), ("a2", 1), ("a3", 1)] {
      store.send(.start(name, seconds: seconds))
    }
    await clock.advance(by: .seconds(3))
    #expect(store.state == ["a1", "a2", "a3", "b", "c"])
    #expect(clock.now == ManualClock.Instant(offset: .seconds(3)))
  }

  @Test func advanceRunsEffectsUpToTheirSleepsFirst() async {
    // No waitForSleepers: the clock runs the store's effects before it moves time.
    for _ in 0..<100 {
      let clock = ManualClock()
      let store = makeStore(clock: clock)
      store.send(.start("x", seconds: 1))
      await clock.advance(by: .seconds(1))
      #expect(store.state == ["x"])
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func advanceStopsAtTheTargetAndLeavesLaterSleepers() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.start("soon", seconds: 1))
    store.send(.start("later", seconds: 5))
    await clock.advance(by: .seconds(2))
    #expect(store.state == ["soon"])
    #expect(clock.sleeperCount == 1)
    await clock.advanceUntilIdle()
    #expect(store.state == ["soon", "later"])
    #expect(clock.now == ManualClock.Instant(offset: .seconds(5)))
  }

  @Test func aSleepWhoseDeadlineHasPassedWaitsForTheNextAdvance() async {
    let clock = ManualClock()
    await clock.advance(by: .seconds(10))
    let store = makeStore(clock: clock)
    store.send(.start("zero", seconds: 0))
    store.send(.start("past", seconds: -3))
    await clock.runReadyWork()
    #expect(store.state.isEmpty)
    #expect(clock.sleeperCount == 2)
    await clock.advance()
    #expect(store.state == ["zero", "past"])
    #expect(clock.now == ManualClock.Instant(offset: .seconds(10)))
  }

  @Test func aZeroSleepIsWhereACancellationLands() async {
    // The reference's scenario: the effect sleeps zero, the test cancels before moving the
    // clock, and the effect never goes on.
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let task = store.send(.start("cancelled", seconds: 0))
    await clock.runReadyWork()
    task.cancel()
    await clock.advance()
    #expect(store.state.isEmpty)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anEffectThatSleepsZeroAgainWaitsForTheAdvanceAfter() async {
    enum Tick: Sendable { case start, tick }
    let clock = ManualClock()
    let reducer = Reducer<Int, Tick, Void> { ticks, action, _ in
      switch action {
      case .start:
        return .run { send in
          for _ in 0..<3 {
            try await clock.sleep(for: .zero)
            await send(.tick)
          }
        }
      case .tick:
        ticks += 1
        return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: (), drivenBy: clock)
    store.send(.start)
    var seen: [Int] = []
    for _ in 0..<4 {
      await clock.advance()
      seen.append(store.state)
    }
    #expect(seen == [1, 2, 3, 3])
  }

  @Test func aZeroSleepDuringAnAdvanceWakesBeforeTimeMovesOn() async {
    // Relative sleeps after a zero sleep keep their times: 1 s, zero, 1 s is 2 s in all.
    enum Tick: Sendable { case start, tick }
    let clock = ManualClock()
    let reducer = Reducer<[Duration], Tick, Void> { times, action, _ in
      switch action {
      case .start:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          try await clock.sleep(for: .zero)
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        times.append(clock.now.offset)
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
    store.send(.start)
    await clock.advance(by: .seconds(2))
    #expect(store.state == [.seconds(2)])
  }

  @Test func advanceUntilIdleStopsAtAZeroSleepPoller() async {
    let issues = ReportedIssues()
    let clock = ManualClock()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run { _ in
        while true { try await clock.sleep(for: .zero) }
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: (), drivenBy: clock)
    let poller = store.send(0)
    await clock.runReadyWork()
    await IssueReporter.$current.withValue(issues.reporter) {
      await clock.advanceUntilIdle()
    }
    #expect(
      issues.all.first?.hasPrefix(
        "advanceUntilIdle stopped: effects went back to sleep for zero time 10000 times in a row")
        == true)
    poller.cancel()
    await clock.advance()
  }

  @Test func aCancelledSleeperIsForgottenAndNeverWoken() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let task = store.send(.start("cancelled", seconds: 1))
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    task.cancel()
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 0)
    #expect(store.state.isEmpty)
  }

  @Test func timeSaturatesInsteadOfTrapping() async {
    let clock = ManualClock()
    await clock.advance(by: .seconds(Int64.max))
    await clock.advance(by: .seconds(Int64.max))
    await clock.advance(to: .distantFuture)
    #expect(clock.now == .distantFuture)
    #expect(clock.now.advanced(by: .seconds(1)) == .distantFuture)
    #expect(
      ManualClock.Instant(offset: .seconds(-5)).advanced(by: .seconds(Int64.min)).offset
        == .zero - .seconds(Int64.max))
  }

  @Test func goingBackInTimeIsReportedAndMovesNothing() async {
    let clock = ManualClock()
    await clock.advance(by: .seconds(2))
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      await clock.advance(by: .seconds(-1))
    }
    #expect(
      issues.all == [
        "A ManualClock cannot go back in time: advance(by: -1.0 seconds) moved nothing."
      ])
    #expect(clock.now == ManualClock.Instant(offset: .seconds(2)))
  }

  @Test func waitForSleepersReturnsOnceTheyArrive() async {
    let clock = ManualClock()
    let sleeper = Task.detached { try await clock.sleep(for: .seconds(1)) }
    #expect(await clock.waitForSleepers(count: 1))
    await clock.advance(by: .seconds(1))
    _ = await sleeper.result
    #expect(clock.sleeperCount == 0)
  }

  /// A store driven by the clock runs its effects only when the clock runs, so waiting for its
  /// effect's sleep gives up: the report says why, and what to call instead.
  @Test func waitingForADrivenStoresSleepersSaysTheClockMustRun() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.start("x", seconds: 1))
    let issues = ReportedIssues()
    let arrived = await IssueReporter.$current.withValue(issues.reporter) {
      await clock.waitForSleepers(timeout: .milliseconds(10))
    }
    #expect(!arrived)
    #expect(
      issues.all == [
        """
        waitForSleepers(count: 1) gave up after 0.01 seconds of real time: 0 asleep on the \
        clock, 1 queued to run on it.

        A store driven by this clock (drivenBy:, a TestStore, the REPL) runs its effects only \
        when the clock runs: advance(by:) runs them up to their sleeps, with no waitForSleepers.
        """
      ])
    await clock.advance(by: .seconds(1))
    #expect(store.state == ["x"])
  }
}
