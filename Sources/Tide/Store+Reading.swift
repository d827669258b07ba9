import Observation

extension Store {
  /// Reads a value of the state through the store, so that Observation tracks that value alone.
  ///
  /// A SwiftUI view (or any code inside `withObservationTracking`) that reads `store.username`
  /// is told when `username` changes, and never otherwise: not when another field changes, not
  /// when an action changes nothing, not when a sibling scope changes. This is how views read a
  /// store.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Login.State(), reducer: Login.reducer, environment: .demo(clock: ManualClock()))
  /// withObservationTracking {
  ///   _ = store.username
  /// } onChange: {
  ///   print("username changed")
  /// }
  /// store.send(.passwordChanged("Secret1"))  // nothing: the view did not read the password
  /// store.send(.usernameChanged("pritesh"))
  /// // username changed
  /// ```
  ///
  /// A member read this way is compared with `==` after each batch of actions. A computed
  /// property works the same way, and tells its readers only when its result changes
  /// (`store.isLoginButtonEnabled`). To track a value deeper in the state, give the whole path in
  /// one key path, `store[keyPath]`: `store.home?.search.query` tracks all
  /// of `home`.
  ///
  /// - Parameters:
  ///   - keyPath: The member of the state.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    track(keyPath, isEqual: { $0 == $1 })
  }

  /// Reads a value that is not `Equatable` through the store: Observation tracks it, and tells
  /// its readers after every batch of actions, since it cannot tell whether the value changed.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// let user = store.loggedInUser
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The member of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    track(keyPath, isEqual: runtimeEquality(for: Value.self))
  }

  /// Reads a value anywhere in the state through the store, so that Observation tracks that value
  /// alone: `store[\.home?.search.query]` is told when the query changes, not when anything
  /// else in `home` does.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// let query = store[\.home?.search.query]
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The path to the value.
  public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    track(keyPath, isEqual: { $0 == $1 })
  }

  /// Reads a value that is not `Equatable`, anywhere in the state, through the store: its
  /// readers are told after every batch of actions.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// let user = store[\.home?.user]
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The path to the value.
  public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    track(keyPath, isEqual: runtimeEquality(for: Value.self))
  }

  /// Reads a value and records the read for Observation.
  func track<Value>(
    _ keyPath: KeyPath<State, Value>, isEqual: ((Value, Value) -> Bool)?
  ) -> Value {
    let value = currentState[keyPath: keyPath]
    record(ReadKey(path: keyPath, kind: .value)) {
      TrackedValue(
        read: { $0[keyPath: keyPath] }, last: value, isEqual: isEqual, willChange: $0)
    }
    return value
  }

  /// Records a read for Observation: with the registrar, and in the watch, unless a read of the
  /// same thing is already there (its value is then the same).
  func record(
    _ key: ReadKey, _ make: (_ willChange: @escaping () -> Void) -> TrackedRead<State>
  ) {
    let watch = self.watch ?? StoreWatch()
    self.watch = watch
    if let read = watch.reads[key] {
      registrar.access(
        self, keyPath: unsafeDowncast(read.subjectPath, to: KeyPath<Store, Int>.self))
      return
    }
    let subjectPath: KeyPath<Store, Int>
    if let known = watch.subjectPaths[key] {
      subjectPath = unsafeDowncast(known, to: KeyPath<Store, Int>.self)
    } else {
      subjectPath = \Store.[observing: key]
      watch.subjectPaths[key] = subjectPath
    }
    let read = make(willChange(subjectPath))
    read.subjectPath = subjectPath
    watch.reads[key] = read
    startWatching()
    registrar.access(self, keyPath: subjectPath)
  }

  /// A function that tells the readers of `subjectPath` of a change.
  func willChange(_ subjectPath: KeyPath<Store, Int>) -> () -> Void {
    { [weak self] in
      guard let self else { return }
      self.registrar.withMutation(of: self, keyPath: subjectPath) {}
    }
  }

  /// What the registrar identifies a read by.
  subscript(observing key: ReadKey) -> Int { 0 }

  /// Asks to be looked at after each batch: the root calls its own watch; a scoped store joins
  /// its parent's list.
  func startWatching() {
    let watch = self.watch ?? StoreWatch()
    self.watch = watch
    if watch.isAttached { return }
    watch.isAttached = true
    switch core {
    case .root(let root, _):
      root.didChange = { [weak self] in self?.rootDidChange() }
    case .scoped(let scoped, _):
      scoped.attach(self)
    }
  }

  /// Adds a store scoped from this one (or a family of them) to what it looks at after each
  /// batch.
  @usableFromInline
  func watch(_ child: any ScopeWatcher) {
    let watch = self.watch ?? StoreWatch()
    self.watch = watch
    watch.children.append(WeakWatcher(child))
    startWatching()
  }

  private func rootDidChange() {
    if !refresh(), case .root(let root, _) = core { root.didChange = nil }
  }
}

extension Store: ScopeWatcher {
  /// Tells the readers of every value that changed, then looks at the watched scopes.
  @usableFromInline
  func refresh() -> Bool {
    guard let watch else { return false }
    if case .scoped(let scoped, _) = core, let presence = scoped.presence, !presence.isGone {
      _ = currentState  // notices a child or element that is gone
    }
    if !watch.reads.isEmpty {
      for read in watch.takeChanged(in: currentState) { read.willChange() }
    }
    watch.refreshChildren()
    if watch.isEmpty && !needsPresenceChecks {
      watch.isAttached = false
      return false
    }
    return true
  }

  /// A scope of an optional child that is still there is looked at after every batch, read or
  /// not, so that it leaves the cache as soon as the child goes.
  private var needsPresenceChecks: Bool {
    guard case .scoped(let scoped, _) = core, let presence = scoped.presence else { return false }
    return !presence.isGone && presence.checksEveryBatch
  }
}
