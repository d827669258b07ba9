#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a thread knows of the step its root is reducing, kept where a thread-specific key points
/// (one for each thread that ever reduced a step, freed when the thread ends). A thread's, not a
/// task's: a step is reduced synchronously on one thread, and setting a task-local value cost a
/// root with shared copies more than the rest of its step (about 1,600 instructions a send).
struct SharedStepContext {
  /// Whether a root is reducing a step on this thread.
  var isReducing = false
  /// Whether that root keeps the changes of screens its step removes: its sync reaches the
  /// copies that remain (see ``SharedSync/stashes``).
  var keepsRemovedChanges = false
  /// The step, once something kept or changed a copy in it.
  var step: SharedStep?
  /// The store whose root is reducing the step (``SharedSaveOrigin``); 0 when none is.
  var origin: UInt64 = 0
  /// How many ``Reducer/recursive(_:)`` reducers with shared copies are running on this thread:
  /// while any is, their syncs reach each row's own copies only (see ``RecursiveReducerBox``).
  var recursiveBodies = 0

  /// This thread's context, when it has one.
  @inline(__always)
  static var ofThisThread: UnsafeMutablePointer<SharedStepContext>? {
    pthread_getspecific(sharedStepKey)?.assumingMemoryBound(to: SharedStepContext.self)
  }

  /// This thread's context, made on its first step.
  @inline(__always)
  static var forThisThread: UnsafeMutablePointer<SharedStepContext> {
    if let context = ofThisThread { return context }
    let context = UnsafeMutablePointer<SharedStepContext>.allocate(capacity: 1)
    context.initialize(to: SharedStepContext())
    pthread_setspecific(sharedStepKey, context)
    return context
  }
}

/// The key of each thread's ``SharedStepContext``, which is freed when the thread ends.
private let sharedStepKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Glibc)
    let status = pthread_key_create(&key) { context in
      guard let context = context?.assumingMemoryBound(to: SharedStepContext.self) else { return }
      context.deinitialize(count: 1)
      context.deallocate()
    }
  #else
    let status = pthread_key_create(&key) { context in
      let context = context.assumingMemoryBound(to: SharedStepContext.self)
      context.deinitialize(count: 1)
      context.deallocate()
    }
  #endif
  precondition(status == 0, "Tide could not make a thread-specific key (error \(status))")
  return key
}()
