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
/// length of the job, so a note made on another thread at the same time is never counted; a
/// task cancelled from another thread in the instant between its note and its suspension
/// carries on in the same job, and if it then hops before its next note, that hop can land
/// after the step (Tide's own effects note again when they finish, so only an effect that
/// catches the cancellation and hops is exposed).
package enum JobEnds {
  /// The thread-local slot: a pointer to the count of the job running on this thread.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// Notes that the task running now is about to suspend until the clock's queue resumes it,
  /// or is finishing. Does nothing outside a job a clock is running.
  package static func noteVisibleEnd() {
    guard let count = pthread_getspecific(key) else { return }
    count.assumingMemoryBound(to: Int.self).pointee += 1
  }

  /// Notes that the job running now may have woken work elsewhere, whatever it ends with: it
  /// cancelled tasks, whose cancellation handlers may resume a task that waits on the main
  /// actor. The clock then gives the main actor its turn. Does nothing outside a job a clock is
  /// running.
  package static func noteUnseenWork() {
    guard let count = pthread_getspecific(key) else { return }
    count.assumingMemoryBound(to: Int.self).pointee = unseen
  }

  /// A count that no number of notes brings back to 1.
  private static let unseen = Int.min / 2

  /// Runs `job` and returns whether it ended in exactly one of the ways noted here.
  static func endsVisibly(_ job: () -> Void) -> Bool {
    var count = 0
    // A clock's job may run another clock's ready work: the outer job's count comes back after.
    let outer = pthread_getspecific(key)
    withUnsafeMutablePointer(to: &count) { pointer in
      _ = pthread_setspecific(key, pointer)
      job()
      _ = pthread_setspecific(key, outer)
    }
    return count == 1
  }
}
