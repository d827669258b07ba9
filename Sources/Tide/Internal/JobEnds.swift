import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How the jobs a ``ManualClock`` runs end: whether each one left its task waiting for
/// something that comes back through the clock's own queue.
///
/// After a round of jobs, the clock gives the main actor a turn (a thread hop, about as costly
/// as the rest of an explorer's step) in case a job hopped there by itself. The turn is needed
/// only when some job ended in a way the clock cannot see. The ways it can see are noted here,
/// each at the point where a task is about to suspend for good:
/// - asleep on the clock (``ManualClock/sleep(until:tolerance:)``);
/// - handing an action to its store (``ManualClock/runOnMainActor(_:)``);
/// - waiting for an explorer-controlled call (`ExploreCalls`);
/// - an effect's task finishing.
///
/// Each of these resumes the task through the clock's queue. A job that notes exactly one of
/// them has not itself left work on another executor; any other count (a hop to an actor, a
/// wait for a child task or an outside callback, or a note followed by more work) means the
/// turn is taken, and so does a job that cancelled effects (``noteUnseenWork()``), since a
/// cancelled task waiting on the main actor wakes there. What a job hands to the main actor
/// outside the effect (an unstructured `Task { @MainActor in … }`, a dispatch to the main queue)
/// is not effect work, and is not waited for. The count lives in thread-local storage for the
/// length of the job, so a note made on another thread at the same time is never counted.
///
/// A task cancelled from another thread in the instant between its note and its suspension
/// carries on in the same job. Each waiting point that notes therefore remembers the job it
/// noted in (``currentJob``), and when its wait throws `CancellationError` while that job is
/// still running on its thread, it notes unseen work there (``noteUnseenWork(ifStillIn:)``):
/// the job's count can no longer be 1 and the main actor gets its turn, whatever the task does
/// next. A cancellation that resumes the task in a later job, the usual case, costs nothing.
/// The decision is exact, not a heuristic with a window.
package enum JobEnds {
  /// What the thread-local slot points at while a clock runs a job on the thread.
  private struct Job {
    var count = 0
    /// Tells this job from every other, whatever stack address it has.
    let serial: UInt64
  }

  /// The source of ``Job/serial``.
  private static let serials = Atomic<UInt64>(0)

  /// The thread-local slot: a pointer to the job running on this thread.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// Notes that the task running now is about to suspend until the clock's queue resumes it,
  /// or is finishing. Does nothing outside a job a clock is running.
  package static func noteVisibleEnd() {
    guard let job = pthread_getspecific(key) else { return }
    job.assumingMemoryBound(to: Job.self).pointee.count += 1
  }

  /// The job a clock is running on this thread now, if any: what a waiting point keeps when it
  /// notes, for ``noteUnseenWork(ifStillIn:)``.
  package static var currentJob: UInt64? {
    pthread_getspecific(key).map { $0.assumingMemoryBound(to: Job.self).pointee.serial }
  }

  /// Notes unseen work if `job` is still the job running on this thread: a waiting point whose
  /// wait was cancelled in the instant after it noted its visible end, so that its task runs on
  /// in that job.
  package static func noteUnseenWork(ifStillIn job: UInt64?) {
    guard let job, currentJob == job else { return }
    noteUnseenWork()
  }

  /// Notes that the job running now may have woken work elsewhere, whatever it ends with: it
  /// cancelled tasks, whose cancellation handlers may resume a task that waits on the main
  /// actor. The clock then gives the main actor its turn. Does nothing outside a job a clock is
  /// running.
  package static func noteUnseenWork() {
    guard let job = pthread_getspecific(key) else { return }
    job.assumingMemoryBound(to: Job.self).pointee.count = unseen
  }

  /// A count that no number of notes brings back to 1.
  private static let unseen = Int.min / 2

  /// Runs `job` and returns whether it ended in exactly one of the ways noted here.
  static func endsVisibly(_ job: () -> Void) -> Bool {
    var record = Job(serial: serials.add(1, ordering: .relaxed).newValue)
    // A clock's job may run another clock's ready work: the outer job comes back after.
    let outer = pthread_getspecific(key)
    withUnsafeMutablePointer(to: &record) { pointer in
      _ = pthread_setspecific(key, pointer)
      job()
      _ = pthread_setspecific(key, outer)
    }
    return record.count == 1
  }
}
