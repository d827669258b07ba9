#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a `pthread_mutex_t`: the lock Tide shares state between threads with.
///
/// `Synchronization.Mutex` would do, but on Linux it hands a contended lock over inside the kernel
/// (a priority-inheriting futex), in library code that the thread sanitizer does not instrument;
/// the sanitizer then misses that acquisition and reports the data the lock protects as a race.
/// The sanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so with this lock it
/// sees every acquisition and reports only real races.
///
/// <!-- example: fragment -->
/// ```swift
/// let counter = Lock(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Lock<Value: Sendable>: @unchecked Sendable {
  // @unchecked: every access to `value` happens between lock and unlock of `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Creates a lock around `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  ///
  /// - Parameters:
  ///   - body: Reads or changes the value; it must not take this lock again.
  /// - Returns: What `body` returns.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
