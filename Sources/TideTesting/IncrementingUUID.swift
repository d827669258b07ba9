import Foundation
import Synchronization
import Tide

/// Makes UUIDs that count up from zero, the same in every run, so that a test can name the
/// identifiers its feature makes: give one to the environment's `uuid` closure.
///
/// ```swift
/// let uuid = IncrementingUUID()
/// print(uuid())  // 00000000-0000-0000-0000-000000000000
/// print(uuid())  // 00000000-0000-0000-0000-000000000001
/// print(IncrementingUUID.uuid(1))  // 00000000-0000-0000-0000-000000000001
/// ```
///
/// In an environment, as a test builds it:
///
/// ```swift
/// struct Environment: Sendable {
///   var uuid: @Sendable () -> UUID
/// }
/// let uuid = IncrementingUUID()
/// let environment = Environment(uuid: { uuid() })
/// print(environment.uuid() == IncrementingUUID.uuid(0))  // true
/// ```
public final class IncrementingUUID: Sendable {
  private let next: Atomic<Int>

  /// A generator whose first UUID is `IncrementingUUID.uuid(first)`.
  ///
  /// ```swift
  /// let uuid = IncrementingUUID(first: 10)
  /// print(uuid())  // 00000000-0000-0000-0000-00000000000A
  /// ```
  ///
  /// - Parameters:
  ///   - first: The number of the first UUID it makes, from 0 to 2⁴⁸ − 1 (one outside is
  ///     reported, and the generator starts from 0).
  public init(first: Int = 0) {
    guard Self.numbers.contains(first) else {
      IssueReporter.current.report(Self.outOfRange(first))
      next = Atomic(0)
      return
    }
    next = Atomic(first)
  }

  /// The next UUID: the first one, then each time one more.
  ///
  /// <!-- example: given uuid: IncrementingUUID -->
  /// ```swift
  /// let id = uuid()
  /// ```
  ///
  /// - Returns: The UUID.
  public func callAsFunction() -> UUID {
    Self.uuid(next.add(1, ordering: .relaxed).oldValue)
  }

  /// The UUID whose last twelve hexadecimal digits write `number`: what a generator makes for
  /// it, and what a test writes to name it.
  ///
  /// ```swift
  /// print(IncrementingUUID.uuid(255))  // 00000000-0000-0000-0000-0000000000FF
  /// ```
  ///
  /// - Parameters:
  ///   - number: The number, from 0 to 2⁴⁸ − 1 (one outside is reported, and counts from 0
  ///     again: the UUID of its remainder by 2⁴⁸).
  /// - Returns: The UUID.
  public static func uuid(_ number: Int) -> UUID {
    if !numbers.contains(number) { IssueReporter.current.report(outOfRange(number)) }
    let wrapped = number & (numbers.upperBound - 1)
    let digits = String(wrapped, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: 12 - digits.count) + digits
    return UUID(uuidString: "00000000-0000-0000-0000-" + padded)!
  }

  /// The numbers a UUID's last twelve hexadecimal digits can write.
  private static let numbers = 0..<(1 << 48)

  private static func outOfRange(_ number: Int) -> String {
    """
    IncrementingUUID was given \(number), outside 0 to 2^48 - 1.

    Its UUIDs write their number in their last twelve hexadecimal digits: count from 0 or more, \
    and below 281474976710656.
    """
  }
}
