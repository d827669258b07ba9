/// The tasks of a concatenation's first step, handed to the concatenation's own task, which is
/// created first so that they can be registered with its token as their parent.
final class PendingChildTasks: Sendable {
  private enum State {
    case waiting([CheckedContinuation<[LaunchedTask], Never>])
    case filled([LaunchedTask])
  }

  private let state = Lock(State.waiting([]))

  /// Hands over the tasks; whoever waits for them resumes.
  func fill(_ tasks: [LaunchedTask]) {
    let waiters = state.withLock { state -> [CheckedContinuation<[LaunchedTask], Never>] in
      guard case .waiting(let waiters) = state else { return [] }
      state = .filled(tasks)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: tasks) }
  }

  /// The tasks, once they have been handed over.
  var tasks: [LaunchedTask] {
    get async {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> [LaunchedTask]? in
          switch state {
          case .filled(let tasks):
            return tasks
          case .waiting(let waiters):
            state = .waiting(waiters + [continuation])
            return nil
          }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
