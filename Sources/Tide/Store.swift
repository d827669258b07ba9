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
  private let root: StoreRoot<State, Action>?
  private let parent: Parent?
  private let registrar = ObservationRegistrar()

  private struct Parent {
    let state: () -> State
    let send: (Action) -> StoreTask
    let addObserver: (@escaping (State) -> Void) -> StoreObservation
    let retained: AnyObject
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
    self.parent = nil
    root.didChange = { [weak self] in self?.stateDidChange() }
  }

  private init(parent: Parent) {
    self.root = nil
    self.parent = parent
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
  public func send(_ action: Action) -> StoreTask {
    if let root { return root.send(action) }
    return parent!.send(action)
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
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      parent: .init(
        state: { [self] in toChildState(self.state) },
        send: { [self] in self.send(fromChildAction($0)) },
        addObserver: { [self] notify in
          self.addObserver { notify(toChildState($0)) }
        },
        retained: self
      )
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

  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    if let root { return root.addObserver(notify) }
    return parent!.addObserver(notify)
  }

  private func stateDidChange() {
    registrar.withMutation(of: self, keyPath: \.state) {}
  }

  /// The running effects, oldest first, as their descriptions print them.
  ///
  /// ```swift
  /// print(store.runningEffects)  // [".run(\"login\")"]
  /// ```
  public var runningEffects: [String] {
    guard let root else { return [] }
    return root.runner.registry.inFlight.map(\.description)
  }
}

extension Store: Observable {}
