extension ManualClock: TaskExecutor {
  /// Queues a job of a task that prefers this clock as its executor; it runs when the clock's
  /// ready work runs.
  ///
  /// - Parameters:
  ///   - job: The job to queue.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let forward = storage.withLock { storage -> Bool in
      if storage.isAbandoned { return true }
      storage.queue.append(.job(job))
      return false
    }
    if forward { globalConcurrentExecutor.enqueue(job) }
  }

  /// Runs `deliver` on the main actor when the clock's ready work reaches it, and returns after
  /// it has run: how an effect on this clock hands an action to its store, in order with every
  /// other job and without a hop through the main actor's own queue.
  ///
  /// - Parameters:
  ///   - deliver: The work to do on the main actor.
  package func runOnMainActor(_ deliver: @escaping @MainActor @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isAbandoned = storage.withLock { storage -> Bool in
        if storage.isAbandoned { return true }
        storage.queue.append(.mainActor(deliver, resume: continuation))
        return false
      }
      if isAbandoned {
        continuation.resume()
      } else {
        JobEnds.noteVisibleEnd()
      }
    }
  }

  /// Stops driving this clock's jobs: what is queued, and every job queued from now on, runs on
  /// the global executor instead. Undelivered actions are dropped.
  ///
  /// The owner of a clock (a `TestStore`) calls it when it goes away, so that the effects it
  /// cancelled wind down and free what they hold instead of waiting for a drain that never comes.
  @usableFromInline
  package func abandonReadyWork() {
    let work = storage.withLock { storage in
      storage.isAbandoned = true
      return storage.queue.removeAll()
    }
    for item in work {
      switch item {
      case .job(let job): globalConcurrentExecutor.enqueue(job)
      case .mainActor(_, let resume): resume.resume()
      }
    }
  }

  /// The clock whose executor runs the current effect, when it runs on one: a clock that wakes
  /// the effect runs that executor's ready work too.
  @TaskLocal package static var current: ManualClock?
}
