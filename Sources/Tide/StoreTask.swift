/// A handle on the effects that one `send` started.
///
/// Await ``finish()`` to wait until they have all finished (useful in command-line fronts and in
/// tests that drive a real ``Store``), or ``cancel()`` them.
///
/// <!-- example: fragment -->
/// ```swift
/// let task = store.send(.refreshPulled)
/// await task.finish()           // every effect of .refreshPulled is done
/// store.send(.searchTapped).cancel()
/// ```
public struct StoreTask: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case none
    case tasks([Task<Void, Never>])
    /// Tasks of a store driven by a clock; a box, so that a `StoreTask` stays one word wide.
    case driven(DrivenTasks)
    case queued(QueuedActionTasks)
  }

  @usableFromInline let storage: Storage

  /// A handle on no task.
  @inlinable
  init() {
    storage = .none
  }

  @usableFromInline
  init(_ tasks: [Task<Void, Never>], scheduler: ManualClock?) {
    if tasks.isEmpty {
      storage = .none
    } else if let scheduler {
      storage = .driven(DrivenTasks(tasks: tasks, scheduler: scheduler))
    } else {
      storage = .tasks(tasks)
    }
  }

  @usableFromInline
  init(queued: QueuedActionTasks) {
    storage = .queued(queued)
  }

  /// Waits until every effect the action started has finished or been cancelled.
  ///
  /// Cancelling the task that awaits cancels those effects too. On a store made with
  /// ``Store/init(initialState:reducer:environment:drivenBy:)``, it first runs the clock's ready
  /// work once, so effects that wait on nothing finish. An effect asleep on the clock finishes
  /// only when the clock is advanced past its deadline, and one that waits on something outside
  /// the clock (a real network) resumes in the clock's queue: drive the clock with
  /// ``ManualClock/advance(by:)`` rather than awaiting `finish()` for those.
  ///
  /// <!-- example: fragment -->
  /// ```swift
  /// await store.send(.loadTapped).finish()
  /// ```
  public func finish() async {
    let tasks: [Task<Void, Never>]
    switch storage {
    case .none: return
    case .tasks(let started):
      tasks = started
    case .driven(let driven):
      await driven.scheduler.runReadyWork()
      tasks = driven.tasks
    case .queued(let queued): tasks = await queued.tasks
    }
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  /// Cancels every effect the action started.
  ///
  /// <!-- example: fragment -->
  /// ```swift
  /// let download = store.send(.downloadTapped)
  /// download.cancel()
  /// ```
  public func cancel() {
    JobEnds.noteUnseenWork()
    switch storage {
    case .none: return
    case .tasks(let tasks): for task in tasks { task.cancel() }
    case .driven(let driven): for task in driven.tasks { task.cancel() }
    case .queued(let queued): Task { @MainActor in queued.cancel() }
    }
  }

  /// Whether the action started no effect, or all of them have been cancelled.
  ///
  /// <!-- example: fragment -->
  /// ```swift
  /// #expect(store.send(.incrementTapped).isCancelled)  // no effect was started
  /// ```
  public var isCancelled: Bool {
    switch storage {
    case .none: true
    case .tasks(let tasks): tasks.allSatisfy(\.isCancelled)
    case .driven(let driven): driven.tasks.allSatisfy(\.isCancelled)
    case .queued: false
    }
  }
}
