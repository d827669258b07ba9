extension ManualClock {
  /// How many tasks are asleep on this clock.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// #expect(clock.sleeperCount == 1)
  /// ```
  public var sleeperCount: Int {
    storage.withLock { $0.sleepers.count }
  }

  /// Suspends until the clock reaches `deadline`, or throws `CancellationError` when the task is
  /// cancelled first.
  ///
  /// A deadline the clock has already reached (a zero sleep) still suspends: the sleeper wakes
  /// at the next ``advance(by:)``, `advance(by: .zero)` included, never at once. During an
  /// advance, it wakes before time moves on from the instant it went to sleep at (once an instant:
  /// a second zero sleep at the same instant waits until time moves or the next advance). So a
  /// zero sleep is a point where a test can act (cancel, send) before the effect goes on, as with
  /// the reference library's test clock, and relative sleeps after it keep their times.
  ///
  /// Checking the deadline and registering the sleeper happen under one lock, so an
  /// ``advance(to:)`` running at the same moment either sees the sleeper or has already moved
  /// `now` past its deadline, in which case the sleeper waits for the next advance.
  ///
  /// <!-- example: given clock: ManualClock -->
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a manual clock wakes exactly.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = storage.withLock { storage in
      defer { storage.nextSleeperID += 1 }
      storage.unregistered[storage.nextSleeperID] = false
      return storage.nextSleeperID
    }
    let executor = ManualClock.current
    var notedIn: UInt64?
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation {
          (continuation: CheckedContinuation<Void, any Error>) in
          let (outcome, waiters) = storage.withLock {
            storage -> (Result<Void, any Error>?, [SleeperWaiter]) in
            let cancelled = storage.unregistered.removeValue(forKey: id) ?? false
            if cancelled { return (.failure(CancellationError()), []) }
            if deadline <= storage.now {
              // A zero sleep, or one whose deadline has passed, is still a suspension point: it
              // wakes at the next advance, as the reference library's test clock has it.
              storage.sleepers[id] = Sleeper(
                deadline: storage.now, continuation: continuation, executor: executor)
              storage.deferred.append(id)
              return (nil, storage.removeSatisfiedWaiters())
            }
            storage.sleepers[id] = Sleeper(
              deadline: deadline, continuation: continuation, executor: executor)
            storage.wakeOrder.insert(SleeperQueue.Entry(deadline: deadline, id: id))
            return (nil, storage.removeSatisfiedWaiters())
          }
          if let outcome {
            continuation.resume(with: outcome)
          } else {
            notedIn = JobEnds.currentJob
            JobEnds.noteVisibleEnd()
          }
          for waiter in waiters { waiter.continuation.resume(returning: true) }
        }
      } onCancel: {
        let sleeper = storage.withLock { storage -> Sleeper? in
          if storage.unregistered[id] != nil {
            storage.unregistered[id] = true  // Not registered yet: it throws when it registers.
            return nil
          }
          return storage.sleepers.removeValue(forKey: id)
        }
        sleeper?.continuation.resume(throwing: CancellationError())
      }
    } catch {
      // Cancelled. When that happened between the visible end noted above and the suspension,
      // this task carries on in the job that noted it, where the clock cannot see what it does
      // next (a hop to another actor): that job is marked as having woken unseen work, so the
      // clock gives the main actor its turn.
      JobEnds.noteUnseenWork(ifStillIn: notedIn)
      throw error
    }
  }

  /// Waits, without moving time, until at least `count` tasks are asleep on the clock, or until
  /// `timeout` of real time has passed; a timeout is reported as a runtime issue.
  ///
  /// Only a plain ``Store``, or a plain task of the test's own, needs it: they run on the global
  /// executor or the main actor, where a task may not have reached its sleep yet when the next
  /// line runs. A store made with ``Store/init(initialState:reducer:environment:drivenBy:)``, a
  /// `TestStore` and the REPL run their effects on a clock, and so does a task made with the
  /// clock as its executor preference (`Task(executorPreference: clock) { … }`, a view's `.task`
  /// body modelled in a test): ``advance(by:)`` runs them up to their sleeps first. Waiting for
  /// those here gives up, and says so:
  ///
  /// ```
  /// waitForSleepers(count: 1) gave up after 0.01 seconds of real time: 0 asleep on the clock, 1 queued to run on it.
  ///
  /// A store driven by this clock (drivenBy:, a TestStore, the REPL) runs its effects only when the clock runs: advance(by:) runs them up to their sleeps, with no waitForSleepers.
  /// ```
  ///
  /// <!-- example: given store: Store<Search.State, Search.Action>, clock: ManualClock -->
  /// ```swift
  /// store.send(.queryChanged("Brus"))
  /// await clock.waitForSleepers()
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// It suspends until a sleeper arrives rather than polling, so it adds no delay of its own.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - timeout: How long to wait in real time before giving up.
  /// - Returns: Whether `count` sleepers arrived in time.
  @discardableResult
  public func waitForSleepers(count: Int = 1, timeout: Duration = .seconds(1)) async -> Bool {
    let arrived = await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.suspendUntilSleepers(count: count) }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    if !arrived {
      let queued = storage.withLock { $0.queue.count }
      let advice =
        queued == 0
        ? "The effect may never sleep on this clock, or may be waiting on something else first."
        : """
        A store driven by this clock (drivenBy:, a TestStore, the REPL) runs its effects only \
        when the clock runs: advance(by:) runs them up to their sleeps, with no waitForSleepers.
        """
      IssueReporter.current.report(
        """
        waitForSleepers(count: \(count)) gave up after \(timeout) of real time: \
        \(sleeperCount) asleep on the clock\(queued == 0 ? "" : ", \(queued) queued to run on it").

        \(advice)
        """)
    }
    return arrived
  }

  private func suspendUntilSleepers(count: Int) async -> Bool {
    let id = storage.withLock { storage in
      defer { storage.nextSleeperID += 1 }
      return storage.nextSleeperID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let ready = storage.withLock { storage -> Bool in
          if storage.sleepers.count >= count { return true }
          if Task.isCancelled { return true }
          storage.sleeperWaiters.append(
            SleeperWaiter(id: id, count: count, continuation: continuation))
          return false
        }
        if ready { continuation.resume(returning: storage.withLock { $0.sleepers.count >= count }) }
      }
    } onCancel: {
      let waiter = storage.withLock { storage -> SleeperWaiter? in
        guard let index = storage.sleeperWaiters.firstIndex(where: { $0.id == id }) else {
          return nil
        }
        return storage.sleeperWaiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: false)
    }
  }
}

extension ManualClock.Storage {
  /// Removes the waiters that the current number of sleepers satisfies.
  mutating func removeSatisfiedWaiters() -> [ManualClock.SleeperWaiter] {
    guard !sleeperWaiters.isEmpty else { return [] }
    let count = sleepers.count
    let satisfied = sleeperWaiters.filter { $0.count <= count }
    sleeperWaiters.removeAll { $0.count <= count }
    return satisfied
  }
}
