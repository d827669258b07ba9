extension ManualClock {
  /// A point in a manual clock's time: a duration since the clock was made.
  ///
  /// Instants saturate instead of overflowing: moving past ``distantFuture`` (about 292 billion
  /// years) stops there, so no amount of advancing traps.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// How far this instant is from the clock's start.
    public let offset: Duration

    /// The latest instant a manual clock reaches: `Int64.max` seconds after its start.
    ///
    /// <!-- example: given clock: ManualClock -->
    /// ```swift
    /// await clock.advance(to: .distantFuture)
    /// ```
    public static let distantFuture = Self(offset: .seconds(Int64.max))

    /// Creates an instant at an offset from the clock's start.
    ///
    /// ```swift
    /// let deadline = ManualClock.Instant(offset: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - offset: The duration since the start, clamped to ±``distantFuture``'s offset.
    public init(offset: Duration = .zero) {
      self.offset = Self.clamped(offset)
    }

    /// Returns the instant `duration` later, saturating at ±``distantFuture``.
    ///
    /// <!-- example: given clock: ManualClock -->
    /// ```swift
    /// let later = clock.now.advanced(by: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How far to move.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Self {
      // Both terms are clamped to ±Int64.max seconds, so their sum stays far inside Duration's
      // range (±2^127 attoseconds) and cannot overflow.
      Self(offset: offset + Self.clamped(duration))
    }

    /// Returns the duration from this instant to `other`.
    ///
    /// <!-- example: given start: ManualClock.Instant, clock: ManualClock -->
    /// ```swift
    /// let elapsed = start.duration(to: clock.now)
    /// ```
    ///
    /// - Parameters:
    ///   - other: The later instant.
    /// - Returns: The duration between them.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Orders instants by offset.
    ///
    /// - Parameters:
    ///   - lhs: One instant.
    ///   - rhs: Another instant.
    /// - Returns: Whether `lhs` is earlier.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, as `Duration` prints it: `0.3 seconds`.
    public var description: String { "\(offset)" }

    private static func clamped(_ duration: Duration) -> Duration {
      let limit = Duration.seconds(Int64.max)
      return min(max(duration, .zero - limit), limit)
    }
  }
}
