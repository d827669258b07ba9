import Observation

/// The runtime of a feature: it holds the state, runs the reducer for each action, runs the
/// effects the reducer returns and feeds their actions back.
///
/// Any number of fronts can use one store at once: a REPL, a SwiftUI view, a logger, a test. They
/// read ``state``, ``send(_:)`` actions, and ``observe(_:onChange:)-(KeyPath<State,Value>,_)``
/// the slices they render. `scope(state:action:)` hands a child
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
/// `Store` conforms to `Observable`, and Observation tracks what is read through it: a SwiftUI
/// view that reads `store.username` re-renders when the username changes, and for nothing else.
/// See `subscript(dynamicMember:)`.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  @usableFromInline let core: StoreCore<State, Action>
  /// What Observation readers read through this store, and the scopes it looks at after each
  /// batch: it outlives the store while those reads wait.
  @usableFromInline let watch: StoreWatch<State>
  /// For each navigation stack a link pushed onto (``stackPath(_:action:)``), the number of the
  /// link's entry of each screen it pushed: the path shows that screen as the entry SwiftUI
  /// appended, so its identity does not change once the push is reduced. Kept with the lineage
  /// of the stack they were pushed onto: a stack made anew in its place has none.
  var pushedByLinks: [AnyKeyPath: (lineage: UInt64, links: [StackElementID: Int])] = [:]

  /// Creates a store that runs a feature from its initial state.
  ///
  /// Its effects run as tasks on the global executor.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Login.State(),
  ///   reducer: Login.reducer,
  ///   environment: .demo(clock: ContinuousClock())
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
      initialState: initialState, reducer: reducer, environment: environment, scheduler: nil)
  }

  /// Creates a store whose effects run on a ``ManualClock``, and only when the clock is driven.
  ///
  /// Effects then run step by step, in the same order every time, like a `TestStore`'s: each
  /// ``ManualClock/advance(by:)`` first runs every effect up to the point where it waits, then
  /// wakes the sleepers it passes. No ``ManualClock/waitForSleepers(count:timeout:)`` is needed.
  ///
  /// <!-- example: given geocoder: Geocoder -->
  /// ```swift
  /// let clock = ManualClock()
  /// let store = Store(
  ///   initialState: Search.State(),
  ///   reducer: Search.reducer,
  ///   environment: Search.Environment(geocode: geocoder.search, clock: clock),
  ///   drivenBy: clock
  /// )
  /// store.send(.queryChanged("Brus"))
  /// await clock.advance(by: .milliseconds(300))  // the search ran and its results arrived
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that handles every action.
  ///   - environment: The dependencies handed to the reducer.
  ///   - clock: The clock that runs the effects; usually the one the environment sleeps on.
  public convenience init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    drivenBy clock: ManualClock
  ) {
    self.init(
      initialState: initialState, reducer: reducer, environment: environment, scheduler: clock)
  }

  /// Creates a store on `clock` that reports every reduction, on the main actor, as it happens:
  /// how a tool such as the REPL records a session step by step. It is given the state after the
  /// reduction only: keeping the one before would make every mutation copy it.
  @usableFromInline
  package convenience init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    drivenBy clock: ManualClock,
    onReduce:
      @escaping @MainActor (
        _ action: Action, _ after: State, _ effect: Effect<Action>, _ origin: EffectOrigin?
      ) -> Void
  ) {
    self.init(
      initialState: initialState, reducer: reducer, environment: environment, scheduler: clock,
      onReduce: onReduce)
  }

  private init<Environment>(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    scheduler: ManualClock?,
    onReduce: (@MainActor (Action, State, Effect<Action>, EffectOrigin?) -> Void)? = nil
  ) {
    let core = RootCore(
      initialState: initialState, reducer: reducer, environment: environment,
      scheduler: scheduler, onReduce: onReduce)
    self.core = .root(core, owner: RootOwner(core: core))
    // Unowned: the core's observers hold scopes' projections, whose states come from here; a
    // strong reference would make a cycle that keeps the core, and its effects, alive. Nothing
    // outlives the core that reads through this: every watch and projection belongs to a store
    // of this root, and every scoped store holds the root's core (its send goes there).
    self.watch = StoreWatch(state: { [unowned core] in core.readableState })
  }

  /// Makes a scoped store, with a watch of its own or the one a store of the same scope had
  /// before it was freed (reads through that one may still wait).
  @usableFromInline
  init(
    scoped: ScopedCore<State, Action>, send: @escaping (Action) -> StoreTask,
    watch: StoreWatch<State>? = nil
  ) {
    self.core = .scoped(scoped, send: send)
    self.watch = watch ?? StoreWatch(projection: scoped.projection)
  }

  /// The current state.
  ///
  /// Reading it inside SwiftUI or `withObservationTracking` tracks all of it: the reader is told
  /// when any part of it changes (after every action when `State` is not `Equatable`). A view
  /// reads through the store instead, `store.username`, and is told only when what it read
  /// changes: see `subscript(dynamicMember:)`.
  ///
  /// <!-- example: given store: Store<Counter.State, Counter.Action> -->
  /// ```swift
  /// print(store.state.count)
  /// ```
  public var state: State {
    if let read = watch.stateRead {
      watch.registrar.access(
        watch, keyPath: unsafeDowncast(read.subjectPath, to: KeyPath<StoreWatch<State>, Int>.self))
      return currentState
    }
    let state = track(\State.self, isEqual: runtimeEquality(for: State.self))
    watch.stateRead = watch.reads[ReadKey(path: \State.self, kind: .value)]
    return state
  }

  /// The state, read without recording anything for Observation: for tools (the explorer, the
  /// REPL) that read the state after every step and render nothing. A recorded read of the whole
  /// state costs one `==` of it after the next batch.
  @usableFromInline
  package var untrackedState: State { currentState }

  /// The current state, without recording a read for Observation.
  @usableFromInline
  var currentState: State {
    switch core {
    case .root(let root, _): root.readableState
    case .scoped(let scoped, _): scoped.state()
    }
  }

  /// Sends an action to the reducer and starts the effects it returns.
  ///
  /// The state is updated by the time `send` returns (unless the action was queued behind one
  /// being handled). The returned task tracks the effects the action started.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
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
    switch core {
    case .root(let root, _): root.send(action)
    case .scoped(_, let send): send(action)
    }
  }

  /// A function that sends an action of this store straight to the root store, without passing
  /// through the stores in between: scoped stores compose it, so a send costs the same number of
  /// store hops at any depth.
  @inlinable
  var sendToRoot: (Action) -> StoreTask {
    switch core {
    case .root(let root, _): { root.send($0) }
    case .scoped(_, let send): send
    }
  }

  /// Makes a new store for a child domain that reads its state from this store and sends its
  /// actions through it.
  ///
  /// Each call makes a new store: functions have no identity to find it again by. Keep it (in a
  /// property): reads through it are told of changes only while it is held. For a store that
  /// stays the same from one call to the next (what SwiftUI needs to keep a view's identity),
  /// scope by key paths: `appStore.scope(state: \.login, action: \.login)`. Every `scope`
  /// returns the same store for the same key paths; every `makeChildStore` makes a new one.
  ///
  /// <!-- example: given appStore: Store<App.State, App.Action> -->
  /// ```swift
  /// let loginStore = appStore.makeChildStore(
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
  public func makeChildStore<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let sendToRoot = self.sendToRoot
    let parentState = watch.state
    let projection = ScopeProjection(caches: core.caches) { toChildState(parentState()) }
    return Store<ChildState, ChildAction>(
      scoped: scopedCore(projection),
      send: { sendToRoot(fromChildAction($0)) }
    )
  }

  /// Makes a new store for a child domain picked out by a key path and a case path: a case path
  /// made from a function has no identity to find a store again by. Scope by a key path to the
  /// action's case path (`scope(state: \.login, action: \.login)`) for the same store each time.
  ///
  /// <!-- example: given appStore: Store<App.State, App.Action> -->
  /// ```swift
  /// let loginStore = appStore.makeChildStore(state: \.login, action: CasePath(App.Action.login))
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the child's.
  ///   - action: A case path from this store's action to the child's.
  /// - Returns: The child store.
  public func makeChildStore<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState>,
    action: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    makeChildStore(state: { $0[keyPath: state] }, action: action.embed)
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    switch core {
    case .root(_, let owner): owner.addObserver(notify)
    case .scoped(let scoped, _): scoped.addObserver(notify)
    }
  }

  /// The running effects, oldest first, to ask about by name or cancellation identifier, or to
  /// print. A scoped store lists those of the store it was scoped from: they share one runtime.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Login.State(username: "pritesh", password: "Secret1"),
  ///   reducer: Login.reducer,
  ///   environment: .demo(clock: ManualClock())
  /// )
  /// store.send(.loginButtonTapped)
  /// print(store.runningEffects)  // [".run(\"login\")"]
  /// print(store.runningEffects.contains(named: "login"))  // true
  /// ```
  public var runningEffects: RunningEffects {
    RunningEffects(core.effects.inFlight)
  }
}

extension Store {
  /// Cancels every running effect (tools such as the REPL use it when they rebuild a store).
  @usableFromInline
  package func cancelRunningEffects() {
    core.effects.cancelAll()
  }

  /// The runtime's effect registry, for tools that record when effects start and end.
  package var effectRegistry: EffectRegistry { core.effects }

  /// Where what the runtime finds while reducing the actions effects send is reported, for a
  /// harness (a `TestStore`): those reductions run whenever the clock is driven, by whoever
  /// drives it. Only a root store has one.
  /// What a dismissal that reaches this store's root does instead of being reported.
  package var rootDismissal: (@Sendable (SourceCodeLocation?) -> Void)? {
    get { rootCore?.runner.rootDismissal.withLock { $0 } }
    set { rootCore?.runner.rootDismissal.withLock { $0 = newValue } }
  }

  package var receivingReporter: (@Sendable (EffectOrigin?) -> IssueReporter)? {
    get { rootCore?.receivingReporter }
    set { rootCore?.receivingReporter = newValue }
  }

  /// The step that is sending, for a harness that names its steps (a `TestStore`): the effects
  /// a send starts while it is set, and the actions they send back, carry it as their origin.
  /// Only a root store has one.
  package var stepOrigin: EffectOrigin? {
    get { rootCore?.stepOrigin }
    set { rootCore?.stepOrigin = newValue }
  }

  /// The core of a root store; `nil` for a scoped one, which reduces nothing itself.
  var rootCore: RootCore<State, Action>? {
    guard case .root(let root, _) = core else { return nil }
    return root
  }

  /// Cancels the running effect at a position of ``runningEffects``.
  package func cancelRunningEffect(at index: Int) {
    let running = core.effects.inFlight
    guard running.indices.contains(index) else { return }
    core.effects.cancel(token: running[index].token)
  }
}

extension Store: Observable {}
