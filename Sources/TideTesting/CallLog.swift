import Tide

/// The calls a test's environment received, in order: what a fake closure notes and the test
/// then reads.
///
/// An environment's closures are `@Sendable` and run in effects, on any thread, so what one notes
/// must be kept behind a lock, in an object the closures and the test share (a reference type,
/// like ``IncrementingUUID``, for that reason). A log is that lock, and one the thread sanitizer
/// sees (`swift test --sanitize=thread`): on Linux, `Synchronization.Mutex` hands a contended
/// lock over where the sanitizer does not look, and it reports the values it guards as races.
///
/// ```swift
/// let saves = CallLog<[String]>()
/// let save: @Sendable ([String]) async throws -> Void = { saves.append($0) }
/// try await save(["Rome"])
/// print(saves.calls)  // [["Rome"]]
/// ```
public final class CallLog<Call: Sendable>: Sendable {
  private let log = Lock<[Call]>([])

  /// An empty log.
  ///
  /// ```swift
  /// let searches = CallLog<String>()
  /// ```
  public init() {}

  /// Notes a call.
  ///
  /// ```swift
  /// let searches = CallLog<String>()
  /// searches.append("Brus")
  /// print(searches.count)  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - call: What the call was given: its arguments, or a value that names it.
  public func append(_ call: Call) {
    log.withLock { $0.append(call) }
  }

  /// The calls noted so far, oldest first.
  ///
  /// ```swift
  /// let searches = CallLog<String>()
  /// searches.append("Brus")
  /// searches.append("Bruss")
  /// print(searches.calls)  // ["Brus", "Bruss"]
  /// ```
  public var calls: [Call] {
    log.withLock { $0 }
  }

  /// How many calls were noted.
  ///
  /// ```swift
  /// print(CallLog<String>().count)  // 0
  /// ```
  public var count: Int {
    log.withLock { $0.count }
  }
}
