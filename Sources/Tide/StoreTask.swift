/// A handle on the effects that one `send` started.
///
/// Await ``finish(isolation:)`` to wait until they have all finished (useful in command-line fronts and in
/// tests that drive a real ``Store``), or ``cancel()`` them.
///
/// <!-- example: given store: Store<Search.State, Search.Action> -->
/// ```swift
/// let task = store.send(.refreshPulled)
/// await task.finish()           // every effect of .refreshPulled is done
/// store.send(.searchTapped).cancel()
/// ```
public struct StoreTask: Sendable {
  /// The tree of tasks the send owns; `nil` when it started none.
  @usableFromInline let tree: EffectTree?

  @inlinable
  init() {
    tree = nil
  }

  @usableFromInline
  init(tree: EffectTree) {
    self.tree = tree
  }

  /// The tree of tasks the send owns, for a harness; `nil` when it started none.
  package var effectTree: EffectTree? { tree }

  /// Waits until every effect the send owns has finished: those its action started, and,
  /// transitively, those started by the actions they sent back. Cancelling the waiting task
  /// cancels them all.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// await store.send(.loginButtonTapped).finish()  // the request, and what its answer started
  /// ```
  ///
  /// In a SwiftUI view, `.task { await store.send(.onAppear).finish() }` stops everything the
  /// screen started when the screen goes away.
  ///
  /// On a store driven by a ``ManualClock``, it runs the clock's ready work first; an effect
  /// asleep on the clock (a zero sleep included) finishes only when something advances it, and
  /// one that waits on something outside the clock (a real network) resumes in the clock's
  /// queue: drive the clock with ``ManualClock/advance(by:)`` rather than awaiting `finish()`
  /// for those.
  ///
  /// - Parameter isolation: Where it waits: the caller's actor, unless you pass another.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    guard let tree else { return }
    if let scheduler = tree.scheduler { await scheduler.runReadyWork() }
    // The operation names `isolation`, so that it runs there too: a closure that does not would
    // hop to the global executor and back, a thread wake-up each way.
    await withTaskCancellationHandler(
      operation: {
        _ = isolation
        await tree.wait()
      },
      onCancel: { tree.cancel() }, isolation: isolation)
  }

  /// Cancels every effect the send owns: those its action started, those started by the actions
  /// they sent back, and any that such an action still on its way would start.
  ///
  /// <!-- example: given store: Store<Search.State, Search.Action> -->
  /// ```swift
  /// let download = store.send(.downloadTapped)
  /// download.cancel()
  /// ```
  public func cancel() {
    JobEnds.noteUnseenWork()
    tree?.cancel()
  }

  /// Whether the send started no effect, or its effects have been cancelled: through this task,
  /// by `.cancel(id:)` or by `cancelInFlight`.
  ///
  /// <!-- example: given store: Store<Counter.State, Counter.Action> -->
  /// ```swift
  /// #expect(store.send(.incrementTapped).isCancelled)  // no effect was started
  /// ```
  public var isCancelled: Bool {
    guard let tree else { return true }
    return tree.isCancelled
  }
}
