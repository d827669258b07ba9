/// The state, reducer and effects of a root ``Store``. Scoped stores reach it through their parents.
@MainActor
final class StoreRoot<State, Action: Sendable> {
  private(set) var state: State
  private let reduce: (inout State, Action) -> Effect<Action>
  let runner: EffectRunner<Action>

  private var queue: [(action: Action, pending: PendingTasks?)] = []
  private var isSending = false
  private var observers: ContiguousArray<(id: Int, notify: (State) -> Void)> = []
  private var nextObserverID = 0
  /// Told after every batch of actions; the Store hooks Observation in here.
  var didChange: (() -> Void)?

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

  private lazy var effectSend = Send<Action> { [weak self] action in
    await self?.sendFromEffect(action)
  }

  private func sendFromEffect(_ action: Action) {
    _ = send(action)
  }

  func send(_ action: Action) -> StoreTask {
    if isSending {
      let pending = PendingTasks()
      queue.append((action, pending))
      return StoreTask(pending: pending)
    }
    isSending = true
    defer { isSending = false }
    var tasks: [Task<Void, Never>] = []
    process(action, pending: nil, tasks: &tasks)
    drain(&tasks)
    return StoreTask(tasks)
  }

  private func process(
    _ action: Action, pending: PendingTasks?, tasks: inout [Task<Void, Never>]
  ) {
    let effect = reduce(&state, action)
    if effect.isNone { return }
    var started: [Task<Void, Never>] = []
    runner.start(effect, send: effectSend, origin: nil, tasks: &started) { next in
      queue.append((next, pending))
    }
    if let pending { pending.append(started) } else { tasks += started }
  }

  /// Processes queued actions in order, then notifies observers; repeats while observers queue
  /// more. Observers therefore only ever see the state after a whole batch.
  private func drain(_ tasks: inout [Task<Void, Never>]) {
    var filled: [PendingTasks] = []
    while true {
      var index = 0
      while index < queue.count {
        let (action, pending) = queue[index]
        index += 1
        process(action, pending: pending, tasks: &tasks)
        if let pending { filled.append(pending) }
      }
      queue.removeAll(keepingCapacity: true)
      notifyObservers()
      if queue.isEmpty { break }
    }
    for pending in filled { pending.fill() }
  }

  private func notifyObservers() {
    didChange?()
    let observers = self.observers
    for observer in observers { observer.notify(state) }
  }

  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    let id = nextObserverID
    nextObserverID += 1
    observers.append((id, notify))
    return StoreObservation { [weak self] in
      self?.observers.removeAll { $0.id == id }
    }
  }

  var observerCount: Int { observers.count }
}
