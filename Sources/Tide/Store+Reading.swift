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
  /// import Observation
  ///
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
  /// one key path, `store[keyPath]`: `store.home?.user.name` tracks all of `home`.
  ///
  /// While a reader waits, the store evaluates the path again after each batch, on the new state:
  /// a path must be valid in every state the feature reaches. Read optionals through `?.` and a
  /// collection's elements by identifier (`[id:]`), never through `!` or a position; a force
  /// unwrap is reported the first time it is read. A value not equal to itself (`Double.nan`)
  /// counts as changed after every batch.
  ///
  /// - Parameters:
  ///   - keyPath: The member of the state.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    track(keyPath, isEqual: { $0 == $1 })
  }

  /// Reads a value that is not `Equatable` through the store: Observation tracks it, and tells
  /// its readers after every batch of actions, since it cannot tell whether the value changed.
  ///
  /// <!-- example: in parent-store -->
  /// ```swift
  /// let session = store.session  // a member whose type is not Equatable
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The member of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    track(keyPath, isEqual: runtimeEquality(for: Value.self))
  }

  /// Reads a value anywhere in the state through the store, so that Observation tracks that value
  /// alone: `store[\.home?.user.name]` is told when the user's name changes, not when anything
  /// else in `home` does.
  ///
  /// The path is evaluated again after each batch while a reader waits, so it must be valid in
  /// every state: `?.` for optionals, `[id:]` for elements, never `!` or a position.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// let name = store[\.home?.user.name]
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
        read: { $0[keyPath: keyPath] }, last: value, isEqual: isEqual, subjectPath: $0,
        willChange: $1)
    }
    return value
  }

  /// Records a read for Observation: with the registrar, and in the watch, unless a read of the
  /// same thing is already there (its value is then the same).
  func record(
    _ key: ReadKey,
    _ make: (_ subjectPath: AnyKeyPath, _ willChange: @escaping () -> Void) -> TrackedRead<State>
  ) {
    let watch = self.watch
    if let read = watch.reads[key] {
      watch.registrar.access(
        watch, keyPath: unsafeDowncast(read.subjectPath, to: KeyPath<StoreWatch<State>, Int>.self))
      return
    }
    let subjectPath: KeyPath<StoreWatch<State>, Int>
    if let known = watch.subjectPaths[key] {
      subjectPath = unsafeDowncast(known, to: KeyPath<StoreWatch<State>, Int>.self)
    } else {
      subjectPath = \StoreWatch<State>.[observing: key]
      watch.rememberSubjectPath(subjectPath, for: key)
      warnIfItCanTrap(key.path)
    }
    // Building a key path in a generic type costs about a microsecond: the read keeps it.
    let read = make(subjectPath, watch.willChange(subjectPath))
    watch.reads[key] = read
    startWatching()
    watch.entry?.holdIfNeeded()
    watch.registrar.access(watch, keyPath: subjectPath)
  }

  /// Warns, the first time a path is read through this store, when the path force-unwraps: the
  /// store evaluates it again after each batch, where a `nil` traps inside `send`.
  private func warnIfItCanTrap(_ path: AnyKeyPath) {
    let text = String(describing: path)
    guard text.contains("!") else { return }
    IssueReporter.current.report(
      """
      A value read through a store has a force unwrap in its key path.

        Key path: \(text)

      The store evaluates the path again after each batch of actions, on the new state, while a \
      reader waits for a change: once that value is nil, the unwrap traps inside send. Read \
      through ?. instead, and a collection's elements by identifier (rows[id: id]), not by \
      position; bind an element's field with Store.binding(_:id:_:action:).
      """)
  }

  /// Asks to be looked at after each batch: the root calls its own watch; a scoped store's watch
  /// joins its parent's list.
  func startWatching() {
    let watch = self.watch
    if watch.isAttached { return }
    watch.isAttached = true
    switch core {
    case .root(let root, _):
      root.didChange = { [weak watch] in watch?.refresh() ?? false }
    case .scoped(let scoped, _):
      scoped.attach(watch)
    }
  }

  /// Adds the watch of a store scoped from this one (or a family of element stores) to what it
  /// looks at after each batch.
  @usableFromInline
  func addWatcher(_ child: any ScopeWatcher) {
    let entry = WeakWatcher(child)
    child.entered(entry)
    watch.children.append(entry)
    startWatching()
    // Its parent now holds this watch while the child's reads wait, even when it was in the
    // list before, empty (an optional child's store, looked at after every batch).
    watch.entry?.holdIfNeeded()
  }
}
