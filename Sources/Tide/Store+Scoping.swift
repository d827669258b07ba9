extension Store where Action: CasePathable {
  /// Returns the store of a child domain, the same one each time it is called with the same
  /// paths while anyone holds it.
  ///
  /// A view can call it in its body on every render and keep its identity, and read through the
  /// result without keeping it: the parent holds the store while reads through it wait for a
  /// change. Reads through the child store are tracked relative to the child's state: a change
  /// elsewhere in the parent never tells them.
  ///
  /// <!-- example: fragment -->
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
    let cache = self.scopeCache ?? ScopeCache()
    self.scopeCache = cache
    let key = ScopeCache.Key(state: state, action: action, kind: .child)
    if let store = cache[key] as? Store<ChildState, ChildAction> { return store }
    let store = scope(state: state, action: Action.allCasePaths[keyPath: action])
    store.isCached = true
    cache.insert(store, for: key)
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
    trackPresence(state)
    let cache = self.scopeCache ?? ScopeCache()
    self.scopeCache = cache
    let key = ScopeCache.Key(state: state, action: action, kind: .optionalChild)
    guard let initial = currentState[keyPath: state] else {
      cache.remove(key)
      return nil
    }
    if let store = cache[key] as? Store<ChildState, ChildAction>,
      case .scoped(let scoped, _) = store.core, scoped.presence?.isGone == false
    {
      return store
    }
    let store = makeOptionalScope(
      state: state, initial: initial, action: Action.allCasePaths[keyPath: action], key: key)
    store.isCached = true
    cache.insert(store, for: key)
    store.startWatching()
    return store
  }

  /// Returns the store of the element with an identifier in a collection: `nil` when there is
  /// none, the same store each call while the element is there.
  ///
  /// A row view holds one. After its element is removed, the store never traps: it answers with
  /// the element's last state, reports the actions sent to it instead of sending them, and leaves
  /// the cache (an element added again, even in the same batch of actions, gets a new store). Reads through it are looked at only
  /// when its element changes, so a thousand rows cost what one does.
  ///
  /// <!-- example: given appStore: Store<App.State, App.Action> -->
  /// ```swift
  /// for id in appStore[\.savedLocations.ids] {
  ///   if let row = appStore.scope(state: \.savedLocations, id: id, action: \.savedLocation) {
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
    let cache = self.scopeCache ?? ScopeCache()
    self.scopeCache = cache
    let key = ScopeCache.Key(state: state, action: action, kind: .elements)
    let family: ElementScopes<State, Action, Element, ElementAction>
    if let existing = cache[key] as? ElementScopes<State, Action, Element, ElementAction> {
      family = existing
    } else {
      family = ElementScopes(
        parent: self, path: state, action: Action.allCasePaths[keyPath: action])
      cache.insert(family, for: key, strongly: true)
    }
    family.trackPresence(of: id)
    return family.store(for: id)
  }
}

extension Store {
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
    action: CasePath<Action, ChildAction>, key: ScopeCache.Key
  ) -> Store<ChildState, ChildAction> {
    let last = LastState(initial)
    weak var child: Store<ChildState, ChildAction>?
    let presence = ScopePresence(checksEveryBatch: true) { [weak self] in
      if let self, let child { self.scopeCache?.remove(key, ifItIs: child) }
    }
    let sendToRoot = self.sendToRoot
    let store = Store<ChildState, ChildAction>(
      scoped: ScopedCore(
        project: { [self] in
          if !presence.isGone, let value = self.currentState[keyPath: path] {
            last.value = value
            return value
          }
          presence.markGone()
          return last.value
        },
        addObserver: { [self] notify in
          self.addObserver { _ in notify(child?.currentState ?? last.value) }
        },
        attach: { [self] child in self.watch(child) },
        effects: core.effects,
        caches: core.caches,
        presence: presence
      ),
      send: { [self] childAction in
        if !presence.isGone, self.currentState[keyPath: path] == nil { presence.markGone() }
        if presence.isGone {
          reportSendToGoneScope(childAction, what: "an optional child whose state is nil")
          return StoreTask()
        }
        return sendToRoot(action.embed(childAction))
      }
    )
    child = store
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
