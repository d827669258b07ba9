/// A clock on which every sleep returns at once, moving `now` forward by the time slept.
///
/// Use it when a test does not care about time, only that the work after a delay happens:
///
/// ```swift
/// let environment = Login.Environment.demo(clock: ImmediateClock())
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A point in an immediate clock's time.
  public typealias Instant = ManualClock.Instant

  private let current = Lock(Instant())

  /// Creates a clock at offset zero.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// ```
  public init() {}

  /// The current instant: the sum of every sleep so far.
  public var now: Instant {
    current.withLock { $0 }
  }

  /// The smallest step the clock distinguishes: zero.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (throwing if the task is cancelled), moving `now` to `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant the caller wanted to wake at.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
