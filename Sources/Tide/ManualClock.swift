/// A clock whose time moves only when it is told to, and the executor that runs the effects it
/// drives: one owner for jobs and virtual time. Tests, replays and the REPL run on one.
///
/// Inject it through the environment wherever a feature waits (debounce, timers, simulated network
/// delay). Time moves only through ``advance(by:)``, ``advance(to:)`` and
/// ``advanceUntilIdle(limit:)``; each wakes the sleepers whose deadlines it passes in deadline
/// order, and runs the work each one resumes before waking the next. A test therefore never sleeps
/// on the real clock and never depends on timing.
///
/// ```swift
/// let brussels = Location(name: "Brussels", latitude: 50.8503, longitude: 4.3517)
/// let clock = ManualClock()
/// let store = TestStore(
///   initialState: AddLocation.State(),
///   reducer: AddLocation.reducer,
///   environment: AddLocation.Environment(geocode: { _ in [brussels] }, clock: clock)
/// )
/// await store.send(.queryChanged("Brus")) {
///   $0.query = "Brus"
///   $0.isSearching = true
/// }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.searchResponse(.success([brussels]))) {
///   $0.isSearching = false
///   $0.locations = [brussels]
/// }
/// ```
///
/// ## Jobs and time, one contract
///
/// A clock is also a `TaskExecutor`. A store made with ``Store/init(initialState:reducer:environment:drivenBy:)``,
/// a `TestStore` and the REPL run their effects on one, and the clock runs their jobs only when it
/// is driven. Two operations drive it, and everything else is built from them:
///
/// - **Run ready work**: run every job that can run now, in the order it was queued, and the jobs
///   those queue in turn, until none is left. An effect's action travels to its store as an item
///   of the same queue, so it is reduced in order with the jobs, on the main actor.
/// - **Advance to T**: run ready work; then, while a sleeper's deadline is at or before T, move
///   `now` to the earliest such deadline, wake that sleeper and run ready work again. Then `now`
///   becomes T.
///
/// Sleepers wake in deadline order, and sleepers with the same deadline in the order they went to
/// sleep. A sleeper whose task runs on another clock's executor (a `TestStore` runs effects on a
/// clock of its own while they sleep on the one the test injected) has that executor's ready work
/// run too. A sleeper whose task runs on no clock (a plain `Task` of the test's own) is woken in
/// order, but runs on its own executor, concurrently with the advance: its next sleep may start
/// from a later instant. Give such a task the clock as its executor preference, and the clock
/// runs it as it runs effects:
///
/// <!-- example: given clock: ManualClock -->
/// ```swift
/// // A view's `.task` body, in a test: it runs on the main actor, its waits on the clock.
/// let task = Task(executorPreference: clock) {
///   try await clock.sleep(for: .seconds(1))
///   try await clock.sleep(for: .seconds(1))  // from 1 s: woken at 2 s by the same advance
/// }
/// await clock.advance(by: .seconds(5))
/// task.cancel()
/// ```
public final class ManualClock: Clock, Sendable {
  let storage = Lock(Storage())

  /// Creates a clock at offset zero.
  ///
  /// ```swift
  /// let clock = ManualClock()
  /// ```
  public init() {}

  /// The current instant.
  public var now: Instant {
    storage.withLock { $0.now }
  }

  /// The smallest step the clock distinguishes: zero.
  public var minimumResolution: Duration { .zero }

  // MARK: - Moving time

  /// Moves time forward by `duration`, waking each sleeper whose deadline falls inside, earliest
  /// first, and running the work it resumes before the next one wakes.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// A negative duration is reported as a runtime issue (a test failure under a `TestStore`) and
  /// moves nothing; time past the clock's range stops at ``Instant/distantFuture``.
  ///
  /// - Parameters:
  ///   - duration: How far to move.
  @MainActor
  public func advance(by duration: Duration = .zero) async {
    guard duration >= .zero else {
      IssueReporter.current.report(
        "A ManualClock cannot go back in time: advance(by: \(duration)) moved nothing.")
      return
    }
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking sleepers in deadline order.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// await clock.advance(to: ManualClock.Instant(offset: .seconds(2)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to; an instant before `now` moves nothing.
  @MainActor
  public func advance(to deadline: Instant) async {
    await advance(to: deadline, jobLimit: .max)
  }

  /// ``advance(to:)``, running at most `jobLimit` jobs: a bound on an effect that never waits
  /// (one looping on `Task.yield()`), for the caller to report.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - jobLimit: The most jobs to run in all.
  /// - Returns: Whether it finished within the limit.
  @MainActor
  @discardableResult
  @usableFromInline
  package func advance(to deadline: Instant, jobLimit: Int) async -> Bool {
    await advance(to: deadline, jobLimit: jobLimit, wakingSleepersAtDeadline: true)
  }

  /// Moves time forward to `deadline`, waking the sleepers due before it but not those due at
  /// it: what a replay does before an action it recorded at that instant, when what happened at
  /// the same instant after the action (a call's answer) comes later in the recording. A later
  /// ``advance(to:)`` to the same instant wakes them.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  @MainActor
  package func advance(toJustBefore deadline: Instant) async {
    _ = await advance(to: deadline, jobLimit: .max, wakingSleepersAtDeadline: false)
  }

  @MainActor
  private func advance(
    to deadline: Instant, jobLimit: Int, wakingSleepersAtDeadline: Bool
  ) async -> Bool {
    var budget = jobLimit
    budget -= await runReadyWork(jobLimit: budget)
    if budget <= 0 { return false }
    // The zero sleeps that began before this advance wake in it first; one that begins during it
    // wakes before time moves on from its instant, at most once an instant, so an effect that
    // sleeps zero in a loop takes one step an instant and cannot keep the advance going.
    storage.withLock { $0.releaseDeferred() }
    while let sleeper = storage.withLock({
      $0.removeSleeper(dueBy: deadline, including: wakingSleepersAtDeadline)
    }) {
      sleeper.continuation.resume()
      budget -= await runReadyWork(jobLimit: budget)
      if budget <= 0 { return false }
      if let executor = sleeper.executor, executor !== self {
        budget -= await executor.runReadyWork(jobLimit: budget)
        if budget <= 0 { return false }
      }
    }
    return true
  }

  /// Moves time forward until nobody is asleep on the clock, waking sleepers in order.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// await clock.advanceUntilIdle()  // every debounce and delay has fired
  /// ```
  ///
  /// - Parameters:
  ///   - limit: The furthest the clock may move, so that a repeating timer does not run forever.
  @MainActor
  public func advanceUntilIdle(limit: Duration = .seconds(3600)) async {
    await runReadyWork()
    let end = now.advanced(by: max(limit, .zero))
    // Advances that move no time (zero sleeps woken, and slept again) are bounded: an effect
    // that sleeps zero forever is a poller, which no amount of advancing makes idle.
    var standingStill = 0
    while let next = storage.withLock({ $0.earliestDeadline }), next <= end {
      standingStill = next <= now ? standingStill + 1 : 0
      if standingStill > Self.standingStillLimit {
        IssueReporter.current.report(
          """
          advanceUntilIdle stopped: effects went back to sleep for zero time \(Self.standingStillLimit) \
          times in a row, so the clock can never be idle.

          An effect that sleeps zero in a loop polls; give it a real interval, or advance by a \
          duration instead.
          """)
        return
      }
      await advance(to: next)
    }
  }

  /// How many advances in a row that move no time ``advanceUntilIdle(limit:)`` makes before it
  /// reports a zero-sleep poller and stops.
  static let standingStillLimit = 10_000

  /// When running ready work, on any clock, last gave the main actor a turn.
  @MainActor private static var lastTurn = ContinuousClock.now

  /// How long running ready work goes on without a turn when none is needed: a bound on how
  /// long the rest of the main actor waits, at the cost of one turn (about 20 µs here) per
  /// period.
  private static let longestRunWithoutTurn = Duration.milliseconds(2)

  /// How many times running ready work has given the main actor a turn because a job may have
  /// hopped there, for tests.
  package var mainActorTurns: Int {
    storage.withLock { $0.mainActorTurns }
  }

  /// The deadline of the earliest sleeper, or `nil` when nothing sleeps: where `advance(to:)`
  /// would wake something next.
  @usableFromInline
  package var nextDeadline: Instant? {
    storage.withLock { $0.earliestDeadline }
  }

  /// How far in the future each sleeper wakes, earliest first: what identifies the timers of a
  /// configuration, whatever `now` is.
  @usableFromInline package var sleeperDelays: [Duration] {
    storage.withLock { storage in
      storage.sleepers.values.map { storage.now.duration(to: $0.deadline) }.sorted()
    }
  }

  // MARK: - Running ready work

  /// Runs every job that can run now, and the deliveries of effects' actions to the main actor,
  /// until none is left: the first half of the clock's contract.
  ///
  /// After a round in which a job may have hopped, the main actor gets one turn before the queue
  /// is looked at again. That turn is for a hop the jobs made by themselves (an effect that awaits a
  /// `@MainActor` function): such a hop is a job on the main actor's queue, enqueued while the
  /// round ran, and the main actor runs its queue in order, so by the time the turn ends every one
  /// of them has run and queued its continuation back here. A round that runs nothing ends the
  /// call. Tide's own hops, actions on their way to a store, never leave this queue. A round
  /// whose every job ended waiting on this clock (asleep, handing an action over, waiting for an
  /// explorer's call, or finished; see `JobEnds`) and cancelled nothing skips the turn, and
  /// a long run of rounds takes one at least every 2 ms.
  ///
  /// - Parameters:
  ///   - jobLimit: The most jobs to run before returning with work still queued: a bound on an
  ///     effect that never waits (one looping on `Task.yield()`), for the caller to report.
  /// - Returns: How many jobs and deliveries ran.
  @MainActor
  @discardableResult
  @usableFromInline
  package func runReadyWork(jobLimit: Int = .max) async -> Int {
    var total = 0
    while true {
      var ran = 0
      var needsTurn = false
      while total + ran < jobLimit, let work = storage.withLock({ $0.queue.popFirst() }) {
        switch work {
        case .job(let job):
          let executor = asUnownedTaskExecutor()
          if !JobEnds.endsVisibly({ job.runSynchronously(on: executor) }) { needsTurn = true }
        case .mainActor(let deliver, let resume):
          deliver()
          resume.resume()
        }
        ran += 1
      }
      total += ran
      if ran == 0 || total >= jobLimit { return total }
      // The main actor's turn, explained above, when a job may have hopped: one that did not
      // end waiting on this clock in a way `JobEnds` sees. A delivery runs on the main actor
      // already and queues its effect's continuation here.
      if needsTurn {
        storage.withLock { $0.mainActorTurns += 1 }
        Self.lastTurn = .now
        await Task.yield()
      } else if Self.lastTurn.duration(to: .now) >= Self.longestRunWithoutTurn {
        // Not needed here, but a long run of steps that never suspends (an explorer, a long
        // test) would otherwise keep everything else on the main actor waiting.
        Self.lastTurn = .now
        await Task.yield()
      }
    }
  }
}

extension ManualClock {
  /// Everything a clock owns, behind one lock: time, the queue of ready work and the sleepers.
  struct Storage {
    var now = Instant()
    var queue = ScheduledWorkQueue()
    /// Set when the owner stops driving the clock: ready work then goes to the global executor.
    var isAbandoned = false
    /// How many turns ``ManualClock/runReadyWork(jobLimit:)`` has given the main actor.
    var mainActorTurns = 0

    var nextSleeperID = 0
    var sleepers: [Int: Sleeper] = [:]
    var wakeOrder = SleeperQueue()
    /// Sleepers whose deadline had passed when they went to sleep (a zero sleep), in the order
    /// they did: they wake when an advance next starts or moves time on, never at once.
    var deferred: [Int] = []
    /// The instant deferred sleepers were last released at: they are released at most once an
    /// instant, so one that sleeps zero again waits until time moves (or the next advance).
    var lastRelease: Instant?
    /// Sleepers that have an identifier but have not registered yet; `true` once cancelled.
    var unregistered: [Int: Bool] = [:]
    var sleeperWaiters: [SleeperWaiter] = []

    var earliestDeadline: Instant? {
      mutating get {
        dropForgottenSleepers()
        deferred.removeAll { sleepers[$0] == nil }
        if !deferred.isEmpty { return now }
        return wakeOrder.first?.deadline
      }
    }

    /// Makes the deferred sleepers due now, ahead of every later sleeper: an advance starts, or
    /// is about to move time on.
    mutating func releaseDeferred() {
      for id in deferred where sleepers[id] != nil {
        wakeOrder.insert(SleeperQueue.Entry(deadline: now, id: id))
      }
      deferred = []
      lastRelease = now
    }

    /// Removes the earliest sleeper due at `deadline` or before and moves `now` to its deadline;
    /// when none is due, moves `now` to `deadline` in the same critical section, so that a
    /// sleeper registering meanwhile either is seen here or sees the new `now`.
    mutating func removeSleeper(dueBy deadline: Instant, including: Bool = true) -> Sleeper? {
      dropForgottenSleepers()
      // Before time moves on, the zero sleeps that began at this instant wake at it, as they
      // would have had the clock been advanced to it step by step: once an instant, so that one
      // sleeping zero again cannot keep this advance from moving.
      if !deferred.isEmpty, deadline > now, lastRelease != now,
        wakeOrder.first.map({ $0.deadline > now }) ?? true
      {
        releaseDeferred()
      }
      guard let first = wakeOrder.first,
        including ? first.deadline <= deadline : first.deadline < deadline
      else {
        now = max(now, deadline)
        return nil
      }
      _ = wakeOrder.removeFirst()
      now = max(now, first.deadline)
      return sleepers.removeValue(forKey: first.id)
    }

    /// Drops heap entries whose sleepers were cancelled.
    private mutating func dropForgottenSleepers() {
      while let first = wakeOrder.first, sleepers[first.id] == nil { _ = wakeOrder.removeFirst() }
    }
  }

  struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The clock whose executor runs the sleeping task, if it runs on one.
    let executor: ManualClock?
  }

  struct SleeperWaiter {
    let id: Int
    let count: Int
    let continuation: CheckedContinuation<Bool, Never>
  }
}
