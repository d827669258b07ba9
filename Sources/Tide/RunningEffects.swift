/// The effects a store is running, oldest first: what ``Store/runningEffects`` returns, for
/// invariants and tests to ask about by name or cancellation identifier instead of matching the
/// text effects print.
///
/// ```swift
/// let store = Store(
///   initialState: Login.State(username: "ab", password: "Abc1"),
///   reducer: Login.reducer,
///   environment: .demo(clock: ManualClock())
/// )
/// store.send(.loginButtonTapped)
/// print(store.runningEffects.contains(named: "login"))  // true
/// print(store.runningEffects)  // [".run(\"login\")"]
/// ```
///
/// Cancelled effects are left out even while their tasks wind down: they can no longer send
/// anything.
public struct RunningEffects: RandomAccessCollection, Sendable, CustomStringConvertible {
  let records: [EffectRegistry.Record]

  package init(_ records: [EffectRegistry.Record]) {
    self.records = records
  }

  /// The position of the oldest running effect.
  public var startIndex: Int { records.startIndex }

  /// The position after the newest running effect.
  public var endIndex: Int { records.endIndex }

  /// The running effect at a position, oldest first.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// let oldest = store.runningEffects.first
  /// ```
  ///
  /// - Parameters:
  ///   - position: A position between ``startIndex`` and ``endIndex``.
  public subscript(position: Int) -> RunningEffect { RunningEffect(record: records[position]) }

  /// Whether a running effect is made of a `.run(name:)` effect with this name.
  ///
  /// <!-- example: in login-invariants -->
  /// ```swift
  /// .always("isLoading implies a login request is running") { state, running in
  ///   !state.isLoading || running.contains(named: "login")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name given to `.run(name:)`.
  public func contains(named name: String) -> Bool {
    records.contains { $0.names.contains(name) }
  }

  /// How many running effects are made of a `.run(name:)` effect with this name.
  ///
  /// <!-- example: in login-invariants -->
  /// ```swift
  /// .always("at most one timer runs") { _, running in running.count(named: "timer") <= 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name given to `.run(name:)`.
  public func count(named name: String) -> Int {
    records.count { $0.names.contains(name) }
  }

  /// Whether cancelling `id` would cancel one of the running effects.
  ///
  /// <!-- example: in search-store -->
  /// ```swift
  /// let searching = store.runningEffects.contains(cancellableBy: CancelID.search)
  /// ```
  ///
  /// - Parameters:
  ///   - id: A cancellation identifier.
  public func contains(cancellableBy id: some Hashable & Sendable) -> Bool {
    let id = EffectID(id)
    return records.contains { $0.ids.contains(id) }
  }

  /// Each running effect as ``Effect/description`` prints it, oldest first.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// #expect(store.runningEffects.descriptions == [#".run("login")"#])
  /// ```
  public var descriptions: [String] { records.map(\.description) }

  /// The running effects as a list of their descriptions: `[".run(\"login\")"]`.
  public var description: String { descriptions.description }
}
