extension Store where Action: CasePathable {
  /// Returns the store of a child domain, the same one each time it is called with the same
  /// paths while anyone holds it.
  ///
  /// A view can call it in its body on every render and read through the result without keeping
  /// it: what the reads wait on (the store's watch) stays with the parent until they are told,
  /// and a store made again for the same paths finds it. The store itself is not kept: a child
  /// store holds its parent, so nothing the parent keeps holds a child store, and letting go of
  /// the root frees the whole tree. Reads through the child store are tracked relative to the
  /// child's state: a change elsewhere in the parent never tells them.
  ///
  /// <!-- example: in parent-store -->
  /// ```swift
  /// let settings = store.scope(state: \.settings, action: \.settings)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the child's.
  ///   - action: A key path to the case path of the child's actions, in `Action.AllCasePaths`.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> {
    let cache = scopeCache
    let key = ScopeCache.Key(state: state, action: action, kind: .child)
    let kept = cache[key] as? StoreWatch<ChildState>
    if let store = kept?.store as? Store<ChildState, ChildAction> { return store }
    let casePath = Action.allCasePaths[keyPath: action]
    let sendToRoot = self.sendToRoot
    let projection = kept?.projection ?? projection(of: state)
    let store = Store<ChildState, ChildAction>(
      scoped: scopedCore(projection),
      send: { sendToRoot(casePath.embed($0)) },
      watch: kept
    )
    keep(store, for: key, in: cache)
    return store
  }

  /// Returns the store of an optional child domain: `nil` while the child's state is `nil`, the
  /// same store each call while it is there, and a new store once it is there again after a batch
  /// of actions that ended with it `nil`. (A child set to `nil` and back within one batch is, to
  /// the store, the same child: it never saw it gone.)
  ///
  /// The call is tracked by Observation: a view that scopes in its body is told when the child
  /// comes or goes. A store held after its child went keeps answering with the child's last state,
  /// and reports the actions sent to it instead of sending them.
  ///
  /// <!-- example: given appStore: Store<App.State, App.Action> -->
  /// ```swift
  /// if let login = appStore.scope(state: \.login, action: \.login) {
  ///   print(login.username)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the child's optional state.
  ///   - action: A key path to the case path of the child's actions, in `Action.AllCasePaths`.
  /// - Returns: The child store, or `nil` while the child's state is `nil`.
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    optionalScope(state: state, action: action) { Action.allCasePaths[keyPath: action] }
  }

  /// Returns the store of a presented child (a sheet, an alert, a destination): the optional
  /// child's store, whose actions reach the child as `.presented` actions. It is `nil` while
  /// nothing is presented, the same store while the child stays, and a new one when the child
  /// is presented again, as the other optional `scope` promises. Dismiss the child by sending
  /// `.dismiss` to this store's action case.
  ///
  /// <!-- example: in parent-store -->
  /// ```swift
  /// if let rename = store.scope(state: \.rename, action: \.rename) {
  ///   rename.send(.saveTapped)  // reaches the parent as .rename(.presented(.saveTapped))
  /// }
  /// store.send(.rename(.dismiss))
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the child's optional state.
  ///   - action: A key path to the case path of the child's presentation actions, in
  ///     `Action.AllCasePaths`.
  /// - Returns: The child store, or `nil` while nothing is presented.
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>
  ) -> Store<ChildState, ChildAction>? {
    optionalScope(state: state, action: action, gone: "a presented child that was dismissed") {
      let presentation = Action.allCasePaths[keyPath: action]
      return CasePath(
        embed: { presentation.embed(.presented($0)) },
        extract: {
          guard case .presented(let child)? = presentation.extract($0) else { return nil }
          return child
        })
    }
  }

  func optionalScope<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState?>, action: AnyKeyPath,
    gone: String = "an optional child whose state is nil now (dismissed, or another case is shown)",
    casePath: () -> CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    trackPresence(state)
    let cache = scopeCache
    let key = ScopeCache.Key(state: state, action: action, kind: .optionalChild)
    guard let initial = currentState[keyPath: state] else {
      cache.remove(key)
      return nil
    }
    var kept = cache[key] as? StoreWatch<ChildState>
    if kept?.projection?.presence?.isGone != false { kept = nil }
    if let store = kept?.store as? Store<ChildState, ChildAction> { return store }
    let store = makeOptionalScope(
      state: state, initial: initial, action: casePath(), key: key, watch: kept, gone: gone)
    keep(store, for: key, in: cache)
    store.startWatching()
    return store
  }

  /// Returns the store of the element with an identifier in a collection: `nil` when there is
  /// none, the same store each call while the element is there.
  ///
  /// A row view holds one. After its element is removed, the store never traps: it answers with
  /// the state its element had after the last batch of actions it was in, reports the actions
  /// sent to it instead of sending them, and leaves the cache. An element removed and added again
  /// with the same identifier (in the same batch, however much else changed) is a new element
  /// and gets a new store; a collection replaced by another one keeps each store for the element
  /// with its identifier. Reads through it are looked at only when its element changes, so a
  /// thousand rows cost what one does.
  ///
  /// <!-- example: given appStore: Store<App.State, App.Action> -->
  /// ```swift
  /// for id in appStore[\.savedLocations.value.ids] {
  ///   if let row = appStore.scope(state: \.savedLocations.value, id: id, action: \.savedLocation) {
  ///     print(row.name)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the collection.
  ///   - id: The element's identifier.
  ///   - action: A key path to the case path of the elements' actions, in `Action.AllCasePaths`.
  /// - Returns: The element's store, or `nil` when the collection has no element with `id`.
  public func scope<Element: Identifiable, ElementAction: Sendable>(
    state: KeyPath<State, IdentifiedArray<Element>>,
    id: Element.ID,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, (Element.ID, ElementAction)>>
  ) -> Store<Element, ElementAction>? {
    let cache = scopeCache
    let key = ScopeCache.Key(state: state, action: action, kind: .elements)
    let family: ElementScopes<State, Action, Element, ElementAction>
    if let existing = cache[key] as? ElementScopes<State, Action, Element, ElementAction> {
      family = existing
    } else {
      family = ElementScopes(
        parent: watch, path: state, action: Action.allCasePaths[keyPath: action])
      cache.insert(family, for: key, strongly: true)
    }
    family.trackPresence(of: id, in: self)
    return family.store(for: id, in: self)
  }
}

extension Store {
  /// The core of a store scoped from this one whose state `projection` computes: it holds this
  /// store (a child keeps its parent alive), observes through it, and joins its watch.
  @usableFromInline
  func scopedCore<ChildState, ChildAction>(
    _ projection: ScopeProjection<ChildState>
  ) -> ScopedCore<ChildState, ChildAction> {
    ScopedCore(
      projection: projection,
      // Through the projection's cache: a batch that left the state as it was (see
      // `RootCore.reduceKeepingCaches`) computes nothing again.
      addObserver: { [self] notify in
        self.addObserver { _ in notify(projection.state()) }
      },
      attach: { [self] child in self.addWatcher(child) },
      effects: core.effects,
      caches: core.caches
    )
  }

  /// The watches of the stores scoped from this one by key paths; kept with this store's watch,
  /// so that a store made again for a scope finds the reads still waiting through the last one.
  var scopeCache: ScopeCache {
    if let cache = watch.scopeCache { return cache }
    let cache = ScopeCache()
    watch.scopeCache = cache
    return cache
  }

  /// Puts a store made by a scope call in the cache, by its watch.
  func keep<Child, ChildAction>(
    _ store: Store<Child, ChildAction>, for key: ScopeCache.Key, in cache: ScopeCache
  ) {
    store.watch.isCached = true
    store.watch.store = store
    cache.insert(store.watch, for: key)
  }

  /// How a child's state at `path` is computed from this store's, without holding this store.
  func projection<Child>(of path: KeyPath<State, Child>) -> ScopeProjection<Child> {
    let parentState = watch.state
    return ScopeProjection(caches: core.caches) { parentState()[keyPath: path] }
  }

  /// Records a read of whether the optional at `path` is `nil`.
  func trackPresence<Value>(_ path: KeyPath<State, Value?>) {
    let present = currentState[keyPath: path] != nil
    record(ReadKey(path: path, kind: .presence)) {
      TrackedValue(
        read: { $0[keyPath: path] != nil }, last: present, isEqual: { $0 == $1 },
        subjectPath: $0, willChange: $1)
    }
  }

  func makeOptionalScope<ChildState, ChildAction: Sendable>(
    state path: KeyPath<State, ChildState?>, initial: ChildState,
    action: CasePath<Action, ChildAction>, key: ScopeCache.Key, watch kept: StoreWatch<ChildState>?,
    gone: String = "an optional child whose state is nil now (dismissed, or another case is shown)"
  ) -> Store<ChildState, ChildAction> {
    let projection: ScopeProjection<ChildState>
    if let kept = kept?.projection {
      projection = kept
    } else {
      let last = LastState(initial)
      let presence = ScopePresence(checksEveryBatch: true)
      let parentState = self.watch.state
      projection = ScopeProjection(caches: core.caches, presence: presence) {
        if !presence.isGone, let value = parentState()[keyPath: path] {
          last.value = value
          return value
        }
        presence.markGone()
        return last.value
      }
    }
    let presence = projection.presence!
    let sendToRoot = self.sendToRoot
    let store = Store<ChildState, ChildAction>(
      scoped: scopedCore(projection),
      send: { [self] childAction in
        if !presence.isGone, self.currentState[keyPath: path] == nil { presence.markGone() }
        if presence.isGone {
          reportSendToGoneScope(childAction, what: gone)
          return StoreTask()
        }
        return sendToRoot(action.embed(childAction))
      },
      watch: kept
    )
    if kept == nil {
      presence.whenGone { [weak parent = self.watch, weak child = store.watch] in
        if let parent, let child { parent.scopeCache?.remove(key, ifItIs: child) }
      }
    }
    return store
  }
}

/// The last state a scope of an optional child or an element saw.
@MainActor
final class LastState<State> {
  var value: State

  init(_ value: State) {
    self.value = value
  }
}

func reportSendToGoneScope(_ action: some Sendable, what: String) {
  IssueReporter.current.report(
    """
    A store sent an action after its state was gone.

      Action: \(describe(action))
      Store: \(what)

    The store keeps answering with the last state it saw; the action was not sent. Scope again \
    for a store of what is there now.
    """)
}
