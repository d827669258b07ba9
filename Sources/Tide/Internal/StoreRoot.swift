/// The state, reducer and effects of a root ``Store``. Scoped stores reach it through their parents.
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
final class StoreRoot<State, Action: Sendable> {
  @exclusivity(unchecked) @usableFromInline var state: State
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  @usableFromInline let runner: EffectRunner<Action>

  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction<Action>] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<StoreObserver<State>> =
    []
  private var nextObserverID = 0
  /// Told after every batch of actions while Observation tracks the store; `nil` otherwise.
  @exclusivity(unchecked) @usableFromInline var didChange: (() -> Void)?

  init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    executor: (any TaskExecutor)?
  ) {
    self.runner = EffectRunner(executor: executor)
    self.state = initialState
    self.reduce = { state, action in reducer.reduce(&state, action, environment) }
  }

  deinit {
    runner.registry.cancelAll()
  }

  /// Where effects send their actions. Set by the ``StoreLifetime`` that owns this root: nothing
  /// may hold a weak reference to the root itself, because an object that is weakly referenced
  /// pays for a side table on every retain and release, and the root is retained on every send.
  @usableFromInline var effectSend = Send<Action> { _ in }

  @inlinable
  func send(_ action: Action) -> StoreTask {
    if isSending { return enqueue(action) }
    isSending = true
    defer { isSending = false }
    let effect = reduce(&state, action)
    var tasks: [Task<Void, Never>] = []
    if !effect.isNone { start(effect, pending: nil, tasks: &tasks) }
    if queue.isEmpty {
      notifyObservers()
      if queue.isEmpty { return StoreTask(tasks) }
    }
    drain(&tasks)
    return StoreTask(tasks)
  }

  /// Queues an action sent while another is being handled (by a `.send` effect or an observer).
  @usableFromInline
  func enqueue(_ action: Action) -> StoreTask {
    let pending = PendingTasks()
    queue.append(QueuedAction(action: action, pending: pending))
    return StoreTask(pending: pending)
  }

  /// Starts an effect. A lone `.send` is queued right here, in code specialized for the
  /// feature: handing it to the generic runner costs about a third more per send.
  @inlinable
  func start(_ effect: Effect<Action>, pending: PendingTasks?, tasks: inout [Task<Void, Never>]) {
    if case .send(let next) = effect.operation {
      queue.append(QueuedAction(action: next, pending: pending))
      return
    }
    startInRunner(effect, pending: pending, tasks: &tasks)
  }

  @usableFromInline
  func startInRunner(
    _ effect: Effect<Action>, pending: PendingTasks?, tasks: inout [Task<Void, Never>]
  ) {
    var started: [Task<Void, Never>] = []
    runner.start(effect, send: effectSend, origin: nil, tasks: &started) { next in
      queue.append(QueuedAction(action: next, pending: pending))
    }
    if let pending { pending.append(started) } else { tasks += started }
  }

  /// Processes queued actions in order, then notifies observers; repeats while observers queue
  /// more. Observers therefore only ever see the state after a whole batch.
  @usableFromInline
  func drain(_ tasks: inout [Task<Void, Never>]) {
    while !queue.isEmpty {
      var index = 0
      while index < queue.count {
        let queued = queue[index]
        index += 1
        let effect = reduce(&state, queued.action)
        if !effect.isNone { start(effect, pending: queued.pending, tasks: &tasks) }
      }
      queue.removeAll(keepingCapacity: true)
      notifyObservers()
    }
  }

  @inlinable
  func notifyObservers() {
    if let didChange { didChange() }
    if observers.isEmpty { return }
    let observers = self.observers
    let state = self.state
    for observer in observers { observer.notify(state) }
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
  }
}

@usableFromInline
struct QueuedAction<Action: Sendable> {
  @usableFromInline let action: Action
  /// The tasks handle of a separately sent action; `nil` when the action belongs to the batch's
  /// first send (it came from a `.send` effect).
  @usableFromInline let pending: PendingTasks?

  @usableFromInline
  init(action: Action, pending: PendingTasks?) {
    self.action = action
    self.pending = pending
  }
}

@usableFromInline
struct StoreObserver<State> {
  @usableFromInline let id: Int
  @usableFromInline let notify: (State) -> Void

  @usableFromInline
  init(id: Int, notify: @escaping (State) -> Void) {
    self.id = id
    self.notify = notify
  }
}

/// Owns a root for its ``Store``: what effects and observation tokens reference weakly, so that
/// they stop reaching the root once the store is gone, without the root itself ever being weakly
/// referenced.
@MainActor
@usableFromInline
final class StoreLifetime<State, Action: Sendable> {
  @usableFromInline let root: StoreRoot<State, Action>

  init(root: StoreRoot<State, Action>) {
    self.root = root
    root.effectSend = Send { [weak self] action in
      await self?.sendFromEffect(action)
    }
  }

  private func sendFromEffect(_ action: Action) {
    _ = root.send(action)
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    let id = root.addObserver(notify)
    return StoreObservation { [weak self] in
      self?.root.removeObserver(id)
    }
  }
}

/// An observer of one `Equatable` slice: it remembers the last value it reported.
@MainActor
@usableFromInline
final class SliceObserver<State, Value: Equatable> {
  @usableFromInline let slice: (State) -> Value
  @usableFromInline let onChange: (Value) -> Void
  /// Only touched by `notify`, on the main actor, never re-entrantly for one observer.
  @exclusivity(unchecked) @usableFromInline var last: Value

  @usableFromInline
  init(slice: @escaping (State) -> Value, initial: Value, onChange: @escaping (Value) -> Void) {
    self.slice = slice
    self.last = initial
    self.onChange = onChange
  }

  @inlinable
  func notify(_ state: State) {
    let value = slice(state)
    if value == last { return }
    last = value
    onChange(value)
  }
}
