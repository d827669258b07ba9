/// An effect a store has started and not yet seen finish, as ``Store/runningEffects`` lists it:
/// queried by the names of its `.run` effects and by its cancellation identifiers, or printed.
///
/// ```swift
/// let store = Store(
///   initialState: Login.State(username: "ab", password: "Abc1"),
///   reducer: Login.reducer,
///   environment: .demo(clock: ManualClock())
/// )
/// store.send(.loginButtonTapped)
/// let login = store.runningEffects[0]
/// print(login.names)  // ["login"]
/// print(login)  // .run("login")
/// ```
public struct RunningEffect: Sendable, CustomStringConvertible {
  let record: EffectRegistry.Record

  /// The names of the `.run(name:)` effects it is made of, in order: `["login"]`, or
  /// `["debounce(for: 0.3 seconds)", "geocode"]` for a debounced geocoder call. A `.run` with no
  /// name adds nothing.
  public var names: [String] { record.names }

  /// The running work, as ``Effect/description`` prints it without the cancellation around it:
  /// `.run("login")` for `.run(name: "login") { … }.cancellable(id: "login")`, whose
  /// identifiers ``isCancellable(by:)`` answers for. Printed when asked for.
  public var description: String { record.description }

  /// Whether cancelling `id` cancels it: it runs inside `.cancellable(id:)` with that identifier.
  ///
  /// <!-- example: given effect: RunningEffect -->
  /// ```swift
  /// let isSearch = effect.isCancellable(by: "search")
  /// ```
  ///
  /// - Parameters:
  ///   - id: A cancellation identifier.
  public func isCancellable(by id: some Hashable & Sendable) -> Bool {
    record.ids.contains(EffectID(id))
  }
}
