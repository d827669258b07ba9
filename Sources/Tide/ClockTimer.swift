/// An asynchronous sequence of a clock's instants, one every interval: what a timer effect
/// iterates. Make one with `clock.timer(interval:)`.
///
/// Each tick is due one interval after the one before (the first, one interval after iteration
/// starts), so ticks do not drift however long each takes to handle. On a ``ManualClock`` a
/// test moves them with `advance(by:)`. The sequence ends when the task iterating it is
/// cancelled.
///
/// <!-- example: given clock: ManualClock -->
/// ```swift
/// let effect = Effect<Int>.run { send in
///   var count = 0
///   for await _ in clock.timer(interval: .seconds(1)) {
///     count += 1
///     await send(count)
///   }
/// }
/// ```
public struct ClockTimer<C: Clock>: AsyncSequence, Sendable {
  /// A tick: the instant it was due.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration

  /// Starts the ticks: the first is due one interval from now.
  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval, last: clock.now)
  }

  /// Sleeps until each tick is due.
  public struct Iterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    /// The instant of the last tick, or of the start.
    var last: C.Instant

    /// Waits for the next tick and returns its instant; `nil` once the task is cancelled.
    public mutating func next() async -> C.Instant? {
      let deadline = last.advanced(by: interval)
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return nil
      }
      last = deadline
      return deadline
    }
  }
}

extension Clock {
  /// A sequence of this clock's instants, one every `interval`: a timer for an effect.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// for await _ in clock.timer(interval: .seconds(1)) { print("tick") }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; the first is one interval after iteration starts.
  /// - Returns: The sequence of ticks, which ends when the iterating task is cancelled.
  public func timer(interval: Duration) -> ClockTimer<Self> {
    ClockTimer(clock: self, interval: interval)
  }
}
