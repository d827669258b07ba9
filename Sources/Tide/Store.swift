import Observation

/// The runtime of a feature: it holds the state, runs the reducer for each action, runs the
/// effects the reducer returns and feeds their actions back.
///
/// Any number of fronts can use one store at once: a REPL, a SwiftUI view, a logger, a test. They
/// read ``state``, ``send(_:)`` actions, and ``observe(_:onChange:)-(KeyPath<State,Value>,_)``
/// the slices they render. ``scope(state:action:)-(KeyPath<State,ChildState>,_)`` hands a child
/// feature a store of its own domain that reads from, and sends through, this one.
///
/// ```swift
/// let store = Store(
///   initialState: Counter.State(),
///   reducer: Counter.reducer,
///   environment: Counter.Environment()
/// )
/// store.observe(\.count) { print("count:", $0) }  // count: 0
/// store.send(.incrementTapped)                   // count: 1
/// ```
///
/// Actions are handled one at a time, in the order they are sent. An action sent while another is
/// being reduced (by a `.send` effect or by an observer) is queued, never reduced re-entrantly.
/// Observers are told after each batch, so they never see a state that is half way through one.
/// When the store is released, its running effects are cancelled.
///
/// `Store` conforms to `Observable`: a SwiftUI view that reads ``state`` re-renders when it
/// changes.
@MainActor
public final class Store<State, Action: Sendable> {
  @usableFromInline let root: StoreRoot<State, Action>?
  private let lifetime: StoreLifetime<State, Action>?
  @usableFromInline let parent: Parent?
  /// The root's effects, which every store scoped from it shares.
  @usableFromInline let effects: EffectRegistry
  private let registrar = ObservationRegistrar()

  @usableFromInline
  struct Parent {
    @usableFromInline let state: () -> State
    @usableFromInline let send: (Action) -> StoreTask
    @usableFromInline let addObserver: (@escaping (State) -> Void) -> StoreObservation

    @usableFromInline
    init(
      state: @escaping () -> State,
      send: @escaping (Action) -> StoreTask,
      addObserver: @escaping (@escaping (State) -> Void) -> StoreObservation
    ) {
      self.state = state
      self.send = send
      self.addObserver = addObserver
    }
  }

  /// Creates a store that runs a feature from its initial state.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Login.State(),
  ///   reducer: Login.reducer,
  ///   environment: .demo
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that handles every action.
  ///   - environment: The dependencies handed to the reducer.
  public convenience init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init(
      initialState: initialState, reducer: reducer, environment: environment, executor: nil
    )
  }

  /// Creates a store whose effects prefer `executor`: tools and tests drive them by hand.
  package init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    executor: (any TaskExecutor)?
  ) {
    let root = StoreRoot(
      initialState: initialState, reducer: reducer, environment: environment, executor: executor
    )
    self.root = root
    self.lifetime = StoreLifetime(root: root)
    self.parent = nil
    self.effects = root.runner.registry
  }

  @usableFromInline
  init(parent: Parent, effects: EffectRegistry) {
    self.root = nil
    self.lifetime = nil
    self.parent = parent
    self.effects = effects
  }

  /// The current state.
  ///
  /// Reading it inside SwiftUI or `withObservationTracking` tracks it.
  ///
  /// ```swift
  /// print(store.state.count)
  /// ```
  public var state: State {
    registrar.access(self, keyPath: \.state)
    if let root, root.didChange == nil {
      // Observation tracking is one-shot and registers on read: until `state` is read again there
      // is nobody to tell of a change, so the hook (and the registrar's cost, about a
      // microsecond) is only installed after a read and removed once it has fired.
      root.didChange = { [weak self] in self?.stateDidChange() }
    }
    return currentState
  }

  private var currentState: State {
    if let root { return root.state }
    return parent!.state()
  }

  /// Sends an action to the reducer and starts the effects it returns.
  ///
  /// The state is updated by the time `send` returns (unless the action was queued behind one
  /// being handled). The returned task tracks the effects the action started.
  ///
  /// ```swift
  /// store.send(.usernameChanged("pritesh"))
  /// await store.send(.loginButtonTapped).finish()
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  /// - Returns: A task that finishes when the action's effects have finished.
  @discardableResult
  @inlinable
  public func send(_ action: Action) -> StoreTask {
    if let root { return root.send(action) }
    return parent!.send(action)
  }

  /// A function that sends an action of this store straight to the root store, without passing
  /// through the stores in between: scoped stores compose it, so a send costs the same number of
  /// store hops at any depth.
  @inlinable
  var sendToRoot: (Action) -> StoreTask {
    if let root { return { root.send($0) } }
    return parent!.send
  }

  /// Returns a store for a child domain that reads its state from this store and sends its
  /// actions through it.
  ///
  /// ```swift
  /// let loginStore = appStore.scope(
  ///   state: { $0.login },
  ///   action: { App.Action.login($0) }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: A function from this store's state to the child's.
  ///   - fromChildAction: A function that wraps a child action into this store's action.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let sendToRoot = self.sendToRoot
    return Store<ChildState, ChildAction>(
      parent: .init(
        state: { [self] in toChildState(self.state) },
        send: { sendToRoot(fromChildAction($0)) },
        addObserver: { [self] notify in
          self.addObserver { notify(toChildState($0)) }
        }
      ),
      effects: effects
    )
  }

  /// Returns a store for a child domain picked out by a key path and a case path.
  ///
  /// ```swift
  /// let loginStore = appStore.scope(state: \.login, action: CasePath(App.Action.login))
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the child's.
  ///   - action: A case path from this store's action to the child's.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState>,
    action: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: { $0[keyPath: state] }, action: action.embed)
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    if let lifetime { return lifetime.addObserver(notify) }
    return parent!.addObserver(notify)
  }

  private func stateDidChange() {
    root?.didChange = nil
    registrar.withMutation(of: self, keyPath: \.state) {}
  }

  /// The running effects, oldest first, as their descriptions print them. A scoped store lists
  /// those of the store it was scoped from: they share one runtime.
  ///
  /// ```swift
  /// print(store.runningEffects)  // [".run(\"login\")"]
  /// ```
  public var runningEffects: [String] {
    effects.inFlight.map(\.description)
  }
}

extension Store {
  /// Cancels every running effect (tools such as the REPL use it when they rebuild a store).
  package func cancelRunningEffects() {
    effects.cancelAll()
  }

  /// Cancels the running effect at a position of ``runningEffects``.
  package func cancelRunningEffect(at index: Int) {
    let running = effects.inFlight
    guard running.indices.contains(index) else { return }
    effects.cancel(token: running[index].token)
  }
}

extension Store: Observable {}
