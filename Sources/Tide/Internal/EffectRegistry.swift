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
    /// The epochs of the presented children's slots it watches.
    var epochs: [SlotEpoch]
    /// The effect a step returned that this task is part of: the tasks launched to run one
    /// returned effect (its merged parts, a concatenation's steps) share it.
    let effectGroup: Int

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
  fileprivate struct Lifecycle {
    var events: [LifecycleEvent] = []
    let now: @Sendable () -> Duration
  }

  fileprivate struct Storage {
    var nextToken = 0
    var records: [Int: Record] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    /// The current epoch of each slot that a running task watches.
    var slotEpochs: [EffectID: PresentationEpoch] = [:]
    /// The task whose action the store is reducing, with what that action queues, when the
    /// task watches slots: a dismissal it causes does not make it stale.
    var cause: Int?
    /// `nil` until someone asks for the lifecycle.
    var lifecycle: Lifecycle?
  }

  private let storage = Lock(Storage())

  package init() {}

  /// Registers a task and creates it under the registry's lock, so that it cannot finish, or be
  /// cancelled by identifier, before it is registered.
  ///
  /// A task watching slots holds their current epochs; one that an effect's task launched (the
  /// rest of a concatenation) holds the epochs that task holds, so that it is tied to the same
  /// presentations as the effect it is part of.
  func launch(
    ids: [EffectID],
    watches: [EffectWatch],
    effectGroup: Int,
    parent: Int?,
    origin: EffectOrigin?,
    effect: any InspectableEffect,
    task makeTask: (_ token: Int) -> Task<Void, Never>
  ) -> (token: Int, task: Task<Void, Never>) {
    storage.withLock { storage in
      let token = storage.nextToken
      storage.nextToken += 1
      let task = makeTask(token)
      let epochs = watches.isEmpty ? [] : storage.epochs(for: watches, parent: parent)
      storage.records[token] = Record(
        token: token, ids: ids, effect: effect, origin: origin, parent: parent, task: task,
        epochs: epochs, effectGroup: effectGroup)
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
      for held in record.epochs {
        held.epoch.tasks -= 1
        if held.epoch.tasks == 0, storage.slotEpochs[held.slot] === held.epoch {
          storage.slotEpochs[held.slot] = nil
        }
      }
    }
  }

  /// What a store does with an action from the task with `token`.
  enum DeliveryState {
    /// The task was cancelled, or anything that owns it: the action is dropped.
    case cancelled
    /// The action is reduced.
    case live
    /// The action is reduced; the task watches slots, so it is the cause of what the store
    /// reduces until ``EffectRegistry/endDelivery()``.
    case watched
    /// The action is reduced, but it is stale for the children of these slots' operators: they
    /// were dismissed since the task started, by something other than the task. The task is the
    /// cause, as for ``watched``.
    case stale(for: [ChildLifetime])
  }

  /// Begins the delivery of an action from the task with `token`: what the store does with it
  /// (``isLive(_:)``, and which presented children it can no longer reach), and, when the task
  /// watches slots, notes it as the cause of what the store reduces until ``endDelivery()``:
  /// a child it dismisses itself stays within its reach, so that an effect that shows and hides
  /// children in turn keeps reaching the ones it shows.
  func beginDelivery(from token: Int) -> DeliveryState {
    storage.withLock { storage in
      guard let record = storage.records[token], !record.isCancelled, !record.task.isCancelled
      else { return .cancelled }
      guard !record.epochs.isEmpty else { return .live }
      storage.cause = token
      let owners = record.epochs.lazy.filter(\.epoch.isDetached).map(\.epoch.owner)
      return owners.isEmpty ? .watched : .stale(for: Array(owners))
    }
  }

  /// Ends what ``beginDelivery(from:)`` began: dismissals from now on are no task's own.
  func endDelivery() {
    storage.withLock { $0.cause = nil }
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
  ///
  /// Cancelling a presented child's effects (its dismissal) also ends its slot's epoch: the
  /// tasks that watch the slot can no longer reach its children.
  func cancel(_ id: EffectID) {
    let tasks = storage.withLock { storage -> [Task<Void, Never>] in
      if !storage.slotEpochs.isEmpty, let slot = id.presentationSlot,
        let epoch = storage.slotEpochs.removeValue(forKey: slot)
      {
        epoch.isDetached = true
        storage.keepCauseAttached(to: slot, leaving: epoch)
      }
      guard let tokens = storage.tokensByID[id] else { return [] }
      return tokens.compactMap { token in
        storage.records[token]?.isCancelled = true
        return storage.records[token]?.task
      }
    }
    if !tasks.isEmpty { JobEnds.noteUnseenWork() }
    for task in tasks { task.cancel() }
  }

  /// Cancels the effects of the child of the operator `owner` that the task with `token` belongs
  /// to, when it belongs to exactly one of that operator's children (one identifier of its
  /// making; a feature that contains itself gives a task several, and which level is meant
  /// cannot be told) and `matches` says that child is gone, unless the task is cancelled
  /// already: the effects of a child that outlived it (see
  /// ``ChildLifetime/cancelsOrphanedEffects(where:)``). A presentation's slot is left as it is:
  /// the child presented there now is not dismissed.
  ///
  /// - Parameters:
  ///   - token: The task.
  ///   - owner: The operator (its ``ChildLifetime``).
  ///   - matches: Whether the child that identifier names (as its operator made it, outside any
  ///     scope) is gone.
  /// - Returns: Whether it cancelled them.
  func cancelOrphans(
    ofTask token: Int, ownedBy owner: ObjectIdentifier, where matches: (EffectID) -> Bool
  ) -> Bool {
    let tasks = storage.withLock { storage -> [Task<Void, Never>]? in
      guard let record = storage.records[token], !record.isCancelled, !record.task.isCancelled
      else { return nil }
      let owned = record.ids.filter { $0.unscoped.childOwner == owner }
      guard owned.count == 1, matches(owned[0].unscoped),
        let tokens = storage.tokensByID[owned[0]]
      else { return nil }
      return tokens.compactMap { token in
        storage.records[token]?.isCancelled = true
        return storage.records[token]?.task
      }
    }
    guard let tasks else { return false }
    if !tasks.isEmpty { JobEnds.noteUnseenWork() }
    for task in tasks { task.cancel() }
    return true
  }

  /// How many slots running tasks watch: for tests of the registry's bounds.
  var watchedSlotCount: Int {
    storage.withLock { $0.slotEpochs.count }
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

extension EffectRegistry.Storage {
  /// Moves the effect whose action is being reduced (every task of the effect a step returned
  /// that the sending task is part of), where it held the slot's epoch that a dismissal just
  /// ended, to the slot's next epoch: the dismissal was its own doing.
  mutating func keepCauseAttached(to slot: EffectID, leaving ended: PresentationEpoch) {
    guard let cause, let record = records[cause],
      record.epochs.contains(where: { $0.epoch === ended })
    else { return }
    let next = PresentationEpoch(owner: ended.owner)
    slotEpochs[slot] = next
    for token in Array(records.keys) where records[token]?.effectGroup == record.effectGroup {
      guard let index = records[token]?.epochs.firstIndex(where: { $0.epoch === ended }) else {
        continue
      }
      next.tasks += 1
      ended.tasks -= 1
      records[token]?.epochs[index] = SlotEpoch(slot: slot, epoch: next)
    }
  }

  /// The epochs a task launched now holds for the slots it watches: its parent's for the slots
  /// the parent watches, the slot's current epoch (made if none) for the others.
  mutating func epochs(for watches: [EffectWatch], parent: Int?) -> [SlotEpoch] {
    let inherited = parent.flatMap { records[$0]?.epochs } ?? []
    var epochs: [SlotEpoch] = []
    for watch in watches {
      let epoch: PresentationEpoch
      if let held = inherited.first(where: { $0.slot == watch.slot }) {
        epoch = held.epoch
      } else if let current = slotEpochs[watch.slot] {
        epoch = current
      } else {
        epoch = PresentationEpoch(owner: watch.owner)
        slotEpochs[watch.slot] = epoch
      }
      epoch.tasks += 1
      epochs.append(SlotEpoch(slot: watch.slot, epoch: epoch))
    }
    return epochs
  }
}
