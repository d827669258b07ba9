/// An asynchronous sequence of ticks, one every interval on a clock: what a timer effect
/// iterates. Make one with `clock.timer(interval:)`, on any clock, an `any Clock<Duration>`
/// included. Each element is the tick's number, from 1.
///
/// Tick *n* is due *n* intervals after iteration starts, so ticks do not drift however long each
/// takes to handle. On a ``ManualClock`` a test moves them with `advance(by:)`. The sequence ends
/// when the task iterating it is cancelled.
///
/// <!-- example: given clock: any Clock<Duration> -->
/// ```swift
/// let effect = Effect<Int>.run { send in
///   for await tick in clock.timer(interval: .seconds(1)) {
///     await send(tick)
///   }
/// }
/// ```
public struct ClockTimer: AsyncSequence, Sendable {
  /// A tick's number: 1 for the first.
  public typealias Element = Int

  /// Returns a function that sleeps until a tick is due, timed from when it was made.
  let start: @Sendable () -> @Sendable (_ tick: Int) async throws -> Void

  /// Starts the ticks: the first is due one interval from now.
  public func makeAsyncIterator() -> Iterator {
    Iterator(sleep: start())
  }

  /// Sleeps until each tick is due.
  public struct Iterator: AsyncIteratorProtocol {
    let sleep: @Sendable (_ tick: Int) async throws -> Void
    var tick = 0

    /// Waits for the next tick and returns its number; `nil` once the task is cancelled.
    public mutating func next() async -> Int? {
      do {
        try await sleep(tick + 1)
      } catch {
        return nil
      }
      tick += 1
      return tick
    }
  }
}

extension Clock {
  /// Ticks of this clock, one every `interval`: a timer for an effect. It is a method of every
  /// clock, and of an `any Clock<Duration>` an environment holds.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// for await tick in clock.timer(interval: .seconds(1)) { print("tick \(tick)") }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; the first is one interval after iteration starts.
  /// - Returns: The sequence of ticks, which ends when the iterating task is cancelled.
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer {
      let start = self.now
      return { tick in
        try await self.sleep(until: start.advanced(by: interval * tick), tolerance: nil)
      }
    }
  }
}
