/// The state, reducer and effects of a root ``Store``. Scoped stores reach it through their
/// parents.
///
/// The send path is `@inlinable` so that it is specialized for each feature's concrete state and
/// action types in the module that uses the store; unspecialized, it spends most of its time
/// looking up generic metadata. Work that is rare per send (starting effects, queued actions)
/// stays behind non-inlinable entry points.
///
/// The mutable fields opt out of dynamic exclusivity checks, which cost a third of a send. That is
/// sound because the class is main-actor isolated and no two accesses overlap: the reducer is a
/// pure function that cannot reach the store, effects reach it only through `send` (queued while
/// sending), and observers are called outside any `inout` access to these fields.
@MainActor
@usableFromInline
final class RootCore<State, Action: Sendable> {
  @exclusivity(unchecked) @usableFromInline var state: State
  /// Whether the reducer is running on ``state`` now: the state is then the reducer's to change
  /// in place (a case path moves an enum's payload out of it while a child runs), and a read
  /// through a store would meet it half changed, or moved out.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  /// Told of every reduction, with the state after it and the step it belongs to (see
  /// ``stepOrigin``), once the scopes' caches agree with it.
  @usableFromInline let onReduce: ((Action, State, Effect<Action>, EffectOrigin?) -> Void)?
  /// The step that is sending from outside, when a harness names its steps (a `TestStore`): the
  /// trees of its send get it as their origin, and so do the effects and actions in them.
  /// `nil` for a live store.
  @exclusivity(unchecked) @usableFromInline var stepOrigin: EffectOrigin?
  @usableFromInline let runner: EffectRunner<Action>
  /// The states its scoped stores have cached, emptied before every reduction.
  @usableFromInline let scopeCaches = ScopeCaches()

  /// The actions to reduce before the current `send` returns, first in, first out: the next one
  /// is at `pendingHead`. An action's synchronous follow-ups join the back, so `.merge(.send(.a),
  /// .send(.b))` where `.a` returns `.send(.c)` reduces `a, b, c`, as Elm does and as a
  /// `TestStore` receives them.
  @exclusivity(unchecked) @usableFromInline var pending: [QueuedAction<Action>] = []
  /// The position in `pending` of the next action to reduce; those before it are done.
  @exclusivity(unchecked) @usableFromInline var pendingHead = 0
  /// Actions sent while the store was handling others (by observers), oldest first: reduced once
  /// `pending` is empty.
  @exclusivity(unchecked) @usableFromInline var incoming: [QueuedAction<Action>] = []
  /// Whether the store is reducing now. Kept by its scope caches, which the store's stack path
  /// bindings hold (see `Store.stackPath`): they need it, and must not hold the core.
  @inlinable var isSending: Bool {
    get { scopeCaches.isRootSending }
    set { scopeCaches.isRootSending = newValue }
  }
  @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<StoreObserver<State>> =
    []
  private var nextObserverID = 0
  /// Counts removals, so that a notification round can tell cheaply whether an observer it is
  /// about to call was removed by one called before it.
  @exclusivity(unchecked) @usableFromInline var observerRemovals = 0
  /// Told after every batch of actions while Observation tracks the store; `nil` otherwise. It
  /// answers whether it still needs telling.
  @exclusivity(unchecked) @usableFromInline var didChange: (() -> Bool)?
  /// Told of every action as it is reduced, and whether an effect sent it, while the store is
  /// recorded; `nil` otherwise, which is all a send pays for it.
  @exclusivity(unchecked) @usableFromInline var tap: ((Action, _ received: Bool) -> Void)?
  /// What set ``tap``.
  var tapOwner: AnyObject?
  /// Where what the runtime finds while reducing an action an effect sent is reported, when a
  /// harness (a `TestStore`) sets it: those reductions can run while anyone drives the clock.
  /// Given the origin of the effect that sent the action.
  var receivingReporter: (@Sendable (EffectOrigin?) -> IssueReporter)?
  /// Whether the action being sent comes from an effect (set while ``RootOwner`` hands one over).
  @exclusivity(unchecked) @usableFromInline var isReceiving = false
  /// The delivery being reduced, when the effect that sent it watched a child's slot whose
  /// child was dismissed since (set while ``RootOwner`` hands one over): ended once the action
  /// itself is reduced, so that only it can be refused.
  @exclusivity(unchecked) @usableFromInline var staleDelivery: StaleDelivery?
  /// The effect whose action the store is reducing (see ``EffectDelivery``), until it is reduced.
  @exclusivity(unchecked) @usableFromInline var effectDelivery: EffectDelivery?
  /// Whether the feature dismissed itself in the current batch (a harness's root dismissal):
  /// every effect is cancelled once the batch is reduced, as a presentation would cancel them.
  @exclusivity(unchecked) @usableFromInline var cancelsEffectsAfterBatch = false

  /// Where effects send their actions. Set by the ``RootOwner`` that owns this core: nothing may
  /// hold a weak reference to the core itself, because an object that is weakly referenced pays
  /// for a side table on every retain and release, and the core is retained on every send.
  var deliver: EffectRunner<Action>.Delivery = { _, _, _ in }

  init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    scheduler: ManualClock?,
    onReduce: (@MainActor (Action, State, Effect<Action>, EffectOrigin?) -> Void)?
  ) {
    self.runner = EffectRunner(scheduler: scheduler)
    // Every shared copy holds the newest value of its key from the start.
    var initialState = initialState
    reducer.syncShared(&initialState)
    self.state = initialState
    self.onReduce = onReduce
    // The closures capture the reducer's body rather than the reducer: a call through a generic
    // reducer value would look up its type's metadata on every step.
    let body = reducer.body
    if let sharing = reducer.sharing {
      // Every step ends with every shared copy holding its key's value, whatever the
      // operators between the root and the change did (as `reduceAtRoot` does). Its saves say
      // which store made them.
      let origin = SharedSaveOrigin.next()
      self.reduce = { state, action in
        sharing.reduceAtRoot(&state, origin: origin) { body(&$0, action, environment) }
      }
    } else {
      self.reduce = { state, action in body(&state, action, environment) }
    }
  }

  deinit {
    runner.registry.cancelAll()
  }

  /// Reduces an action, and everything it queues, before returning.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - given: The tree the effects join: that of the effect that sent the action; `nil` for an
  ///     action sent from outside, whose send gets a tree of its own once it starts a task.
  /// - Returns: The handle on the tree.
  @inlinable
  func send(_ action: Action, in given: EffectTree? = nil) -> StoreTask {
    if isSending { return enqueue(action, in: given) }
    isSending = true
    defer { isSending = false }
    // Only this action came from an effect: what observers send after the batch did not.
    let received = isReceiving
    isReceiving = false
    let effect = reduceKeepingCaches(action, in: given)
    if received {
      // What the action queues was not sent by the effect.
      effectDelivery?.endAction()
      effectDelivery = nil
      if let staleDelivery {
        staleDelivery.endAction()
        self.staleDelivery = nil
      }
    }
    if let tap { tap(action, received) }
    var tree = given
    // An action an effect sent queues its follow-ups in that effect's tree, as the drain does,
    // so that they too are known by the step that started the effect.
    if !effect.isNone { start(effect, queuedIn: given, tree: &tree) }
    if pending.isEmpty {
      if cancelsEffectsAfterBatch { cancelEffectsOfDismissedFeature() }
      notifyObservers()
      if incoming.isEmpty { return tree.map(StoreTask.init(tree:)) ?? StoreTask() }
    }
    drain(&tree)
    return tree.map(StoreTask.init(tree:)) ?? StoreTask()
  }

  /// Reduces an action, emptying the scoped stores' caches unless the state stayed the same.
  ///
  /// A state that holds no references (`_isPOD`) is compared bit for bit, and an action that left
  /// it as it was keeps every scope's cached state: no scope computes its state again. Any other
  /// state empties the caches before the reducer runs, so that no cache shares a copy-on-write
  /// buffer the reducer mutates (which would make it copy).
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - tree: The tree its effects join, when it is not the current send's own.
  @inlinable
  func reduceKeepingCaches(_ action: Action, in tree: EffectTree?) -> Effect<Action> {
    let effect: Effect<Action>
    if scopeCaches.filled.isEmpty {
      effect = reducing(action)
    } else if !_isPOD(State.self) {
      scopeCaches.invalidate()
      effect = reducing(action)
    } else {
      let before = state
      effect = reducing(action)
      // Kept while the state stays the same, but not without bound: scopes made again and again
      // (a view's closure scope each render) each fill a cache of their own.
      if !Self.isBitwiseEqual(before, state) || scopeCaches.filled.count > 1024 {
        scopeCaches.invalidate()
      }
    }
    if let onReduce { onReduce(action, state, effect, tree?.origin ?? stepOrigin) }
    return effect
  }

  /// Runs the reducer on the state, noting that it does.
  @inlinable
  func reducing(_ action: Action) -> Effect<Action> {
    isReducing = true
    defer { isReducing = false }
    return reduce(&state, action)
  }

  /// The state, for a store's reads: never while the reducer runs.
  @inlinable
  var readableState: State {
    if isReducing { Self.stateReadWhileReducing() }
    return state
  }

  @usableFromInline
  static func stateReadWhileReducing() -> Never {
    preconditionFailure(
      """
      A store's state was read while its reducer ran.

      A reducer changes the state it is given in place; read through the store it is half \
      changed. Read the state the reducer is given, or read the store after send returns (in an \
      effect, or an observer). A runtime warning's reporter and an environment's closures may \
      be called while a reducer runs: they must not read a store.
      """)
  }

  /// Whether two values of a type without references have the same bits.
  @inlinable
  static func isBitwiseEqual(_ lhs: State, _ rhs: State) -> Bool {
    withUnsafeBytes(of: lhs) { left in
      withUnsafeBytes(of: rhs) { right in left.elementsEqual(right) }
    }
  }

  /// Queues an action sent while another is being handled (by an observer, or an effect whose
  /// action arrives then), with the tree its effects join.
  @usableFromInline
  func enqueue(_ action: Action, in given: EffectTree?) -> StoreTask {
    let tree = given ?? EffectTree(scheduler: runner.scheduler, origin: stepOrigin)
    incoming.append(QueuedAction(action: action, tree: tree, received: isReceiving))
    return StoreTask(tree: tree)
  }

  /// Starts an effect. A lone `.send` is queued right here, in code specialized for the
  /// feature: handing it to the generic runner costs about a third more per send.
  ///
  /// - Parameters:
  ///   - queued: The tree of the action that returned the effect, when it is not the current
  ///     send's own.
  ///   - tree: The current send's tree, created here when the effect is the first to need one.
  @inlinable
  func start(
    _ effect: Effect<Action>, queuedIn queued: EffectTree?, tree: inout EffectTree?
  ) {
    if case .send(let next) = effect.operation {
      pending.append(QueuedAction(action: next, tree: queued))
      return
    }
    startInRunner(effect, queuedIn: queued, tree: &tree)
  }

  @usableFromInline
  func startInRunner(
    _ effect: Effect<Action>, queuedIn queued: EffectTree?, tree: inout EffectTree?
  ) {
    let owner: EffectTree
    var created = false
    if let queued {
      owner = queued
    } else if let tree {
      owner = tree
    } else {
      owner = EffectTree(scheduler: runner.scheduler, origin: stepOrigin)
      tree = owner
      created = true
    }
    let started = runner.start(effect, origin: owner.origin, tree: owner, deliver: deliver)
    for action in started.actions {
      pending.append(QueuedAction(action: action, tree: queued))
    }
    if started.dismissesRoot { cancelsEffectsAfterBatch = true }
    // An effect that launched nothing (a `.cancel`, a merge of `.send`s) needs no handle.
    if created, started.tasks.isEmpty { tree = nil }
  }

  /// Reduces the pending actions, first in, first out (an action's follow-ups after everything
  /// queued before them), then notifies observers; repeats while observers send more. Observers
  /// therefore only ever see the state after a whole batch.
  ///
  /// Observers that send after every batch would keep this going forever; after
  /// ``observerRoundLimit`` such batches in a row, the loop is reported and the actions it queued
  /// are dropped.
  @inlinable
  func drain(_ tree: inout EffectTree?) {
    var rounds = 0
    while !pending.isEmpty || !incoming.isEmpty {
      rounds += 1
      if rounds > observerRoundLimit {
        reportObserverLoop()
        return
      }
      if !incoming.isEmpty {
        // After everything pending, oldest first.
        pending.append(contentsOf: incoming)
        incoming.removeAll(keepingCapacity: true)
      }
      while pendingHead < pending.count {
        let queued = pending[pendingHead]
        pendingHead += 1
        // A long chain of follow-ups (a countdown of a million `.send`s) keeps only what is
        // still queued: the reduced half is dropped once it is the larger.
        if pendingHead >= 4096, pendingHead * 2 >= pending.count {
          pending.removeFirst(pendingHead)
          pendingHead = 0
        }
        let effect = reduceKeepingCaches(queued.action, in: queued.tree)
        if let tap { tap(queued.action, queued.received) }
        if !effect.isNone { start(effect, queuedIn: queued.tree, tree: &tree) }
      }
      pending.removeAll(keepingCapacity: pending.capacity <= 1024)
      pendingHead = 0
      if cancelsEffectsAfterBatch { cancelEffectsOfDismissedFeature() }
      notifyObservers()
    }
  }

  /// Cancels every effect: the feature under test dismissed itself in the batch just reduced.
  @usableFromInline
  func cancelEffectsOfDismissedFeature() {
    cancelsEffectsAfterBatch = false
    runner.registry.cancelAll()
  }

  @inlinable
  func notifyObservers() {
    if let didChange, !didChange() { self.didChange = nil }
    if observers.isEmpty { return }
    let observers = self.observers
    let state = self.state
    let removals = observerRemovals
    for observer in observers {
      // One called earlier in this round may have removed it: then it is not told.
      if observerRemovals != removals, !self.observers.contains(where: { $0.id == observer.id }) {
        continue
      }
      observer.notify(state)
    }
  }

  @usableFromInline
  func reportObserverLoop() {
    let dropped = pending[pendingHead...] + incoming
    pending.removeAll()
    pendingHead = 0
    incoming.removeAll()
    let count = dropped.count == 1 ? "the 1 action" : "the \(dropped.count) actions"
    IssueReporter.current.report(
      """
      Observers kept sending actions: the store handled \(observerRoundLimit) batches in a row, \
      and after each of them an observer sent more.

        Last sent: \(describe(dropped.last!.action))

      The store dropped \(count) they had queued, to stop the loop. An observer should send only \
      when the state calls for it.
      """)
  }

  /// Adds an observer and returns its identifier, for ``removeObserver(_:)``.
  @usableFromInline
  func addObserver(_ notify: @escaping (State) -> Void) -> Int {
    let id = nextObserverID
    nextObserverID += 1
    observers.append(StoreObserver(id: id, notify: notify))
    return id
  }

  func removeObserver(_ id: Int) {
    observers.removeAll { $0.id == id }
    observerRemovals &+= 1
  }
}

/// How many batches in a row a store handles, each followed by observers sending more actions,
/// before it reports an observer loop and drops what they queued.
@usableFromInline let observerRoundLimit = 10_000
