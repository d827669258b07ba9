/// Every effect task that one send owns: those its action started, and, transitively, those
/// started by the actions its effects sent back. A ``StoreTask`` waits for the whole tree and
/// cancels the whole tree, so `.task { await store.send(.onAppear).finish() }` ends everything a
/// screen started when the screen goes away.
///
/// Tasks enter when they are launched and leave when their operation has returned. An action an
/// effect sends is reduced while the effect waits for it, so the tasks that action starts have
/// entered before the sender can leave: the tree is empty only when nothing in it can start more.
@usableFromInline
package final class EffectTree: Sendable {
  private struct State {
    /// The tokens of the tasks that have entered and not left.
    var running: Set<Int> = []
    /// Their handles, once known (a task can leave before its handle is attached).
    var handles: [Int: Task<Void, Never>] = [:]
    /// Whether any task ever entered.
    var hasStarted = false
    /// Whether a task left without having been cancelled.
    var hasFinishedNormally = false
    var isCancelled = false
    /// Those waiting for the tree to be empty.
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Lock(State())
  /// The clock that runs the tree's jobs, when a clock drives the store: ``StoreTask/finish(isolation:)``
  /// runs its ready work before it waits.
  let scheduler: ManualClock?
  /// The step whose send the tree belongs to, when a harness names its steps (a `TestStore`):
  /// what messages about its effects, and about the actions they send, point at.
  @usableFromInline package let origin: EffectOrigin?

  @usableFromInline
  package init(scheduler: ManualClock?, origin: EffectOrigin? = nil) {
    self.scheduler = scheduler
    self.origin = origin
  }

  /// Counts a task in, before it can run.
  func enter(_ token: Int) {
    state.withLock { state in
      state.running.insert(token)
      state.hasStarted = true
    }
  }

  /// Gives the tree a task's handle, so that it can cancel it; cancels it at once when the tree
  /// was cancelled.
  func attach(_ token: Int, _ task: Task<Void, Never>) {
    let cancel = state.withLock { state -> Bool in
      guard state.running.contains(token) else { return false }
      state.handles[token] = task
      return state.isCancelled
    }
    if cancel { task.cancel() }
  }

  /// Counts a task out: its operation has returned.
  ///
  /// - Parameters:
  ///   - token: The task's token.
  ///   - wasCancelled: Whether it had been cancelled.
  func leave(_ token: Int, wasCancelled: Bool) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running.remove(token)
      if !wasCancelled { state.hasFinishedNormally = true }
      state.handles[token] = nil
      guard state.running.isEmpty else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Whether no task of the tree is running.
  package var isEmpty: Bool { state.withLock { $0.running.isEmpty } }

  /// The registry tokens of the tasks running in the tree.
  package var tokens: Set<Int> { state.withLock { $0.running } }

  /// Whether the tree started nothing, was cancelled, or every task in it has been cancelled
  /// (by ``cancel()``, `.cancel(id:)` or `cancelInFlight`).
  var isCancelled: Bool {
    state.withLock { state in
      if state.isCancelled || !state.hasStarted { return true }
      if state.hasFinishedNormally { return false }
      return state.handles.count == state.running.count
        && state.handles.values.allSatisfy(\.isCancelled)
    }
  }

  /// Whether ``cancel()`` was called: an action of the tree still on its way is then dropped.
  var wasCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Cancels every task of the tree, and every task that enters it from now on.
  package func cancel() {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.isCancelled = true
      return Array(state.handles.values)
    }
    for task in tasks { task.cancel() }
  }

  /// Returns once no task of the tree is running, on the caller's executor.
  ///
  /// It awaits the tasks' values, one running task after another, rather than a continuation
  /// that the last task to leave resumes: the runtime resumes a task waiting for another's value
  /// directly on the waiter's executor, while a resumed continuation goes through the global
  /// executor first, one thread wake-up more per wait (a fifth of an effect's round trip).
  /// A continuation remains for a task that has entered and whose handle is not attached yet.
  func wait(isolation: isolated (any Actor)? = #isolation) async {
    while true {
      let next = state.withLock { state -> Task<Void, Never>?? in
        if state.running.isEmpty { return .none }
        return .some(state.handles.values.first)
      }
      switch next {
      case .none:
        return
      case .some(.some(let task)):
        await task.value
      case .some(.none):
        await waitForEmptiness()
      }
    }
  }

  /// Returns once no task of the tree is running, resumed by the last to leave.
  private func waitForEmptiness() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDone = state.withLock { state -> Bool in
        if state.running.isEmpty { return true }
        state.waiters.append(continuation)
        return false
      }
      if isDone { continuation.resume() }
    }
  }
}
