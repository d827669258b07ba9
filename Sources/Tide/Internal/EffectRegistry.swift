/// The effect tasks a runtime has launched and not yet seen finish, indexed by the identifiers
/// they can be cancelled by.
@usableFromInline
package final class EffectRegistry: Sendable {
  /// One running effect task.
  package struct Record: Sendable {
    package let token: Int
    let ids: [EffectID]
    /// The effect the task runs (a `.run`, or what is left of a concatenation), kept to be
    /// printed or asked about only when someone does.
    let effect: any InspectableEffect
    package let origin: EffectOrigin?
    /// The task that launched this one, when an effect's task launched it (the rest of a
    /// concatenation); `nil` when a step did.
    let parent: Int?
    let task: Task<Void, Never>
    var isCancelled = false

    /// The effect, as ``Effect/description`` prints it.
    package var description: String { effect.description }

    /// The names of the `.run` effects it is made of.
    var names: [String] { effect.runNames }
  }

  /// A step in the life of an effect a step launched, for tools that draw effects on a time
  /// axis (the web inspector). Recorded only once ``recordLifecycle(now:)`` is called.
  package enum LifecycleEvent: Sendable {
    /// The effect started at `time`; `describe` prints it.
    case started(token: Int, time: Duration, describe: @Sendable () -> String)
    /// Its task ended at `time`: cancelled, or finished on its own.
    case ended(token: Int, time: Duration, wasCancelled: Bool)
  }

  /// The lifecycle recorded so far, and the clock that stamps it.
  private struct Lifecycle {
    var events: [LifecycleEvent] = []
    let now: @Sendable () -> Duration
  }

  private struct Storage {
    var nextToken = 0
    var records: [Int: Record] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    /// `nil` until someone asks for the lifecycle.
    var lifecycle: Lifecycle?
  }

  private let storage = Lock(Storage())

  package init() {}

  /// Registers a task and creates it under the registry's lock, so that it cannot finish, or be
  /// cancelled by identifier, before it is registered.
  func launch(
    ids: [EffectID],
    parent: Int?,
    origin: EffectOrigin?,
    effect: any InspectableEffect,
    task makeTask: (_ token: Int) -> Task<Void, Never>
  ) -> (token: Int, task: Task<Void, Never>) {
    storage.withLock { storage in
      let token = storage.nextToken
      storage.nextToken += 1
      let task = makeTask(token)
      storage.records[token] = Record(
        token: token, ids: ids, effect: effect, origin: origin, parent: parent, task: task)
      for id in ids { storage.tokensByID[id, default: []].insert(token) }
      if parent == nil, let now = storage.lifecycle?.now {
        storage.lifecycle?.events.append(
          .started(token: token, time: now(), describe: { effect.description }))
      }
      return (token, task)
    }
  }

  func remove(_ token: Int) {
    storage.withLock { storage in
      guard let record = storage.records.removeValue(forKey: token) else { return }
      if record.parent == nil, let now = storage.lifecycle?.now {
        storage.lifecycle?.events.append(
          .ended(
            token: token, time: now(), wasCancelled: record.isCancelled || record.task.isCancelled
          ))
      }
      for id in record.ids {
        storage.tokensByID[id]?.remove(token)
        if storage.tokensByID[id]?.isEmpty == true { storage.tokensByID[id] = nil }
      }
    }
  }

  /// Whether an action from the task with this token may still be reduced: the task is
  /// registered and neither it nor anything that owns it has been cancelled.
  package func isLive(_ token: Int) -> Bool {
    storage.withLock { storage in
      guard let record = storage.records[token] else { return false }
      return !record.isCancelled && !record.task.isCancelled
    }
  }

  /// Cancels every effect registered under `id`. It costs what the effects under `id` cost, not
  /// what every running effect does.
  func cancel(_ id: EffectID) {
    let tasks = storage.withLock { storage -> [Task<Void, Never>] in
      guard let tokens = storage.tokensByID[id] else { return [] }
      return tokens.compactMap { token in
        storage.records[token]?.isCancelled = true
        return storage.records[token]?.task
      }
    }
    if !tasks.isEmpty { JobEnds.noteUnseenWork() }
    for task in tasks { task.cancel() }
  }

  /// Cancels every running effect.
  package func cancelAll() {
    let tasks = storage.withLock { storage -> [Task<Void, Never>] in
      for token in storage.records.keys { storage.records[token]!.isCancelled = true }
      return storage.records.values.map(\.task)
    }
    if !tasks.isEmpty { JobEnds.noteUnseenWork() }
    for task in tasks { task.cancel() }
  }

  /// The running effects that a step launched, oldest first. Cancelled effects are left out even
  /// while their tasks wind down: they can no longer send anything.
  package var inFlight: [Record] {
    storage.withLock { storage in
      guard !storage.records.isEmpty else { return [] }
      var running = storage.records.values.filter {
        $0.parent == nil && !$0.isCancelled && !$0.task.isCancelled
      }
      running.sort { $0.token < $1.token }
      return running
    }
  }

  /// Starts recording the lifecycle of the effects steps launch from now on, each event stamped
  /// with `now` (called under the registry's lock: it must not touch the registry).
  package func recordLifecycle(now: @escaping @Sendable () -> Duration) {
    storage.withLock { storage in storage.lifecycle = Lifecycle(now: now) }
  }

  /// The lifecycle events recorded since the last call, oldest first.
  package func takeLifecycle() -> [LifecycleEvent] {
    storage.withLock { storage in
      defer { storage.lifecycle?.events = [] }
      return storage.lifecycle?.events ?? []
    }
  }

  /// Whether the task with this token is registered: launched, not yet finished, not forgotten.
  func contains(_ token: Int) -> Bool {
    storage.withLock { $0.records[token] != nil }
  }

  /// Whether no effect is running.
  package var isEmpty: Bool {
    storage.withLock { $0.records.isEmpty }
  }

  /// Cancels the effect with this token and forgets it at once, rather than when its task ends:
  /// for a harness that has already reported it.
  package func forget(token: Int) {
    let task = storage.withLock { storage -> Task<Void, Never>? in
      storage.records[token]?.isCancelled = true
      return storage.records[token]?.task
    }
    if task != nil { JobEnds.noteUnseenWork() }
    task?.cancel()
    remove(token)
  }

  /// Cancels the effect with this token.
  package func cancel(token: Int) {
    let task = storage.withLock { storage -> Task<Void, Never>? in
      storage.records[token]?.isCancelled = true
      return storage.records[token]?.task
    }
    if task != nil { JobEnds.noteUnseenWork() }
    task?.cancel()
  }
}
