import Tide

/// A thread-safe list that effects and dependencies append to, for tests to read.
///
/// ```swift
/// let searches = ValueLog<String>()
/// store.environment.search = { query in searches.append(query); return [] }
/// #expect(searches.all == ["Brus"])
/// ```
public final class ValueLog<Value: Sendable>: Sendable {
  private let values = Lock<[Value]>([])

  /// Creates an empty log.
  public init() {}

  /// Everything appended so far, oldest first.
  public var all: [Value] { values.withLock { $0 } }

  /// Appends a value.
  ///
  /// - Parameters:
  ///   - value: The value to keep.
  public func append(_ value: Value) { values.withLock { $0.append(value) } }
}
