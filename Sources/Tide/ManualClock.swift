import Synchronization

/// A clock whose time moves only when it is told to: `TideTesting` calls it `TestClock`, and the
/// REPL drives its virtual time with it.
///
/// Inject it through the environment wherever a feature waits (debounce, timers, simulated network
/// delay). Sleepers wake when ``advance(by:)`` or ``run(limit:)`` moves `now` past their deadlines,
/// earliest first, and the work they resume runs before the call returns, so a test never sleeps
/// on the real clock and never depends on timing.
///
/// ```swift
/// let clock = TestClock()  // TideTesting's name for ManualClock
/// let store = TestStore(
///   initialState: Search.State(),
///   reducer: Search.reducer,
///   environment: Search.Environment(geocode: { _ in [.brussels] }, clock: clock)
/// )
/// await store.send(.queryChanged("Brus")) { $0.query = "Brus" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.searchResponse(.success([.brussels]))) { $0.locations = [.brussels] }
/// ```
public final class ManualClock: Clock, Sendable {
  /// A point in a test clock's time: a duration since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// How far this instant is from the clock's start.
    public let offset: Duration

    /// Creates an instant at an offset from the clock's start.
    ///
    /// ```swift
    /// let deadline = ManualClock.Instant(offset: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - offset: The duration since the start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// Returns the instant `duration` later.
    ///
    /// - Parameters:
    ///   - duration: How far to move.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// Returns the duration from this instant to `other`.
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
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    let executor: ManualExecutor?
  }

  private struct Storage {
    var now = Instant()
    var nextID = 0
    var sleepers: [Sleeper] = []
  }

  private let storage = Mutex(Storage())

  /// Creates a clock at offset zero.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public init() {}

  /// The current instant.
  public var now: Instant {
    storage.withLock { $0.now }
  }

  /// The smallest step the clock distinguishes: zero.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock.
  ///
  /// ```swift
  /// #expect(clock.sleeperCount == 1)
  /// ```
  public var sleeperCount: Int {
    storage.withLock { $0.sleepers.count }
  }

  /// Waits, without moving time, until at least `count` tasks are asleep on the clock.
  ///
  /// A `TestStore` runs effects on an executor it drains, so they are asleep by the time a step
  /// returns. A plain `Store` runs them on the global executor, where an effect may not have
  /// reached its sleep yet when the next line runs; wait for it before advancing:
  ///
  /// ```swift
  /// store.send(.queryChanged("Brus"))
  /// await clock.waitForSleepers()
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// It yields rather than sleeping on real time, so it adds no delay of its own.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  public func waitForSleepers(count: Int = 1) async {
    while sleeperCount < count {
      await Task.yield()
    }
  }

  /// Suspends until the clock reaches `deadline`, or throws `CancellationError` when the task is
  /// cancelled first.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a test clock wakes exactly.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = storage.withLock { storage -> Int? in
      guard deadline > storage.now else { return nil }
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    guard let id else { return }
    let executor = ManualExecutor.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        storage.withLock { storage in
          storage.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, executor: executor)
          )
        }
        if Task.isCancelled { wake(id: id, throwing: true) }
      }
    } onCancel: {
      wake(id: id, throwing: true)
    }
  }

  private func wake(id: Int, throwing: Bool) {
    let sleeper = storage.withLock { storage -> Sleeper? in
      guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
      return storage.sleepers.remove(at: index)
    }
    guard let sleeper else { return }
    if throwing {
      sleeper.continuation.resume(throwing: CancellationError())
    } else {
      sleeper.continuation.resume()
    }
  }

  /// Moves time forward by `duration`, waking each sleeper whose deadline falls inside, earliest
  /// first, and letting its work run before the next one wakes.
  ///
  /// ```swift
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How far to move. Must not be negative.
  @MainActor
  public func advance(by duration: Duration = .zero) async {
    precondition(
      duration >= .zero, "A TestClock cannot go back in time (advance(by: \(duration))).")
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking sleepers in order.
  ///
  /// ```swift
  /// await clock.advance(to: ManualClock.Instant(offset: .seconds(2)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to; an earlier instant than `now` does nothing.
  @MainActor
  public func advance(to deadline: Instant) async {
    while let sleeper = storage.withLock({ storage -> Sleeper? in
      guard
        let index = storage.sleepers.indices
          .filter({ storage.sleepers[$0].deadline <= deadline })
          .min(by: { storage.sleepers[$0].deadline < storage.sleepers[$1].deadline })
      else { return nil }
      let sleeper = storage.sleepers.remove(at: index)
      storage.now = max(storage.now, sleeper.deadline)
      return sleeper
    }) {
      sleeper.continuation.resume()
      await settle(sleeper.executor)
    }
    storage.withLock { $0.now = max($0.now, deadline) }
  }

  /// Moves time forward until nobody is asleep on the clock.
  ///
  /// ```swift
  /// await clock.run()  // every debounce and delay has fired
  /// ```
  ///
  /// - Parameters:
  ///   - limit: The furthest the clock may move before giving up, so that a repeating timer does
  ///     not run forever.
  @MainActor
  public func run(limit: Duration = .seconds(3600)) async {
    let end = now.advanced(by: limit)
    while let next = storage.withLock({ $0.sleepers.map(\.deadline).min() }), next <= end {
      await advance(to: next)
    }
  }

  /// Lets the work a wake-up resumed run until it waits again.
  @MainActor
  private func settle(_ executor: ManualExecutor?) async {
    for _ in 0..<3 {
      executor?.runUntilIdle()
      await Task.yield()
    }
    executor?.runUntilIdle()
  }
}
