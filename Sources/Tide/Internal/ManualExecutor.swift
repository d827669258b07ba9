import Synchronization

/// A task executor that runs nothing until it is told to. `TestStore` and the REPL drain it at
/// every step, so all effect work that can run has run before they assert or print, in the same
/// order every time.
///
/// Effects that prefer this executor pass the preference to the child tasks they create. The
/// executor is also installed as a task local in those effects, so that a ``ManualClock`` they
/// sleep on can drain it after waking them.
package final class ManualExecutor: TaskExecutor, Sendable {
  private struct Storage {
    var jobs: [UnownedJob] = []
    var isDraining = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let storage = Mutex(Storage())

  package init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let waiters = storage.withLock { storage in
      storage.jobs.append(job)
      defer { storage.waiters = [] }
      return storage.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Runs queued jobs, and the jobs they enqueue, until none is left. Returns how many ran.
  ///
  /// A drain already under way (from another caller) is not entered again; this one returns 0.
  @discardableResult
  package func runUntilIdle() -> Int {
    let entered = storage.withLock { storage -> Bool in
      guard !storage.isDraining else { return false }
      storage.isDraining = true
      return true
    }
    guard entered else { return 0 }
    var count = 0
    while let job = storage.withLock({ storage -> UnownedJob? in
      guard !storage.jobs.isEmpty else {
        storage.isDraining = false
        return nil
      }
      return storage.jobs.removeFirst()
    }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
      count += 1
    }
    return count
  }

  /// Whether a job is waiting to run.
  package var hasWork: Bool {
    storage.withLock { !$0.jobs.isEmpty }
  }

  /// Suspends until a job is enqueued (returns at once if one is waiting).
  package func waitForWork() async {
    await withCheckedContinuation { continuation in
      let resumeNow = storage.withLock { storage -> Bool in
        if !storage.jobs.isEmpty { return true }
        storage.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// The executor of the effect that is running, if it runs on one.
  @TaskLocal package static var current: ManualExecutor?
}
