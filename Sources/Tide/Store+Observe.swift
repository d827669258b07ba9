extension Store {
  /// Calls `onChange` with a slice of the state now, and again each time that slice changes.
  ///
  /// Observers are told after each batch of actions, on the main actor, in the order they
  /// registered. An observer removed by one told before it in the same round is not told.
  ///
  /// An observer may send actions; they are queued and handled before observers are told again.
  /// Capture the store weakly to send from an observer: the store keeps its observers, so a
  /// strong capture would keep the store alive for ever.
  ///
  /// <!-- example: given store: Store<Search.State, Search.Action> -->
  /// ```swift
  /// store.observe({ $0.locations.count }) { count in
  ///   print("\(count) results")
  /// }
  /// store.observe(\.query) { [weak store] query in
  ///   if query.isEmpty { store?.send(.clearTapped) }
  /// }
  /// ```
  ///
  /// Observers that send after every batch would never let `send` return: after 10,000 such
  /// batches in a row the store reports the loop and drops what they queued.
  ///
  /// - Parameters:
  ///   - slice: A function that picks the observed value out of the state.
  ///   - onChange: Called with the value at once, then with each new value.
  /// - Returns: A registration that stops notifications when cancelled.
  @discardableResult
  @inlinable
  public func observe<Value: Equatable>(
    _ slice: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> StoreObservation {
    // Read untracked: registering an observer inside a view body must not track the state.
    let initial = slice(currentState)
    onChange(initial)
    let observer = SliceObserver(slice: slice, initial: initial, onChange: onChange)
    return addObserver(observer.notify)
  }

  /// Calls `onChange` with the value at a key path now, and again each time it changes.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// store.observe(\.isLoading) { isLoading in print(isLoading ? "Loading…" : "Idle") }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: A key path to the observed value.
  ///   - onChange: Called with the value at once, then with each new value.
  /// - Returns: A registration that stops notifications when cancelled.
  @discardableResult
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    onChange: @escaping (Value) -> Void
  ) -> StoreObservation {
    // A stored property is compared where it lies in the state: projecting a key path goes
    // through the runtime, and would cost several times the rest of a notification.
    guard let offset = MemoryLayout<State>.offset(of: keyPath) else {
      return observe({ $0[keyPath: keyPath] }, onChange: onChange)
    }
    let initial = currentState[keyPath: keyPath]
    onChange(initial)
    let observer = KeyPathObserver<State, Value>(
      offset: offset, initial: initial, onChange: onChange)
    return addObserver(observer.notify)
  }

  /// Calls `onChange` with the whole state now, and again each time it changes.
  ///
  /// A state that is `Equatable` is compared after each batch of actions, so an action that
  /// changes nothing tells nobody, as for any other observer and any Observation reader.
  ///
  /// <!-- example: given store: Store<Counter.State, Counter.Action>, log: [Counter.State] -->
  /// ```swift
  /// store.observe { state in log.append(state) }
  /// ```
  ///
  /// - Parameters:
  ///   - onChange: Called with the state at once, then with each new state.
  /// - Returns: A registration that stops notifications when cancelled.
  @discardableResult
  public func observe(onChange: @escaping (State) -> Void) -> StoreObservation
  where State: Equatable {
    observe({ $0 }, onChange: onChange)
  }

  /// Calls `onChange` with the whole state now, and again after every batch of actions, changed
  /// or not: the store cannot tell whether a state that is not `Equatable` changed.
  ///
  /// Such an observer must not send an action every time it is told: that is a loop, which the
  /// store stops and reports after 10,000 batches in a row. To send from it, capture the store
  /// weakly.
  ///
  /// <!-- example: given store: Store<Counter.State, Counter.Action>, log: [Counter.State] -->
  /// ```swift
  /// store.observe { state in log.append(state) }
  /// ```
  ///
  /// - Parameters:
  ///   - onChange: Called with the state at once, then after every batch.
  /// - Returns: A registration that stops notifications when cancelled.
  @discardableResult
  public func observe(onChange: @escaping (State) -> Void) -> StoreObservation {
    onChange(currentState)
    return addObserver(onChange)
  }
}
