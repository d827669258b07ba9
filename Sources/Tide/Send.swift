/// Sends actions from a running effect back to the store that started it.
///
/// An effect's operation receives a `Send`; call it like a function. Each call returns once the
/// action has been handed to the store. An effect whose task has been cancelled can no longer send:
/// its actions are dropped, so a cancelled request never overwrites newer state.
///
/// <!-- example: given clock: any Clock<Duration> -->
/// ```swift
/// enum Action: Sendable { case timerTicked }
/// let timer = Effect<Action>.run(name: "timer") { send in
///   while true {
///     try await clock.sleep(for: .seconds(1))
///     await send(.timerTicked)
///   }
/// }
/// ```
public struct Send<Action: Sendable>: Sendable {
  private let send: @Sendable (Action) async -> Void

  /// Creates a `Send` from a closure that delivers actions.
  ///
  /// Stores and test stores make these; create one yourself to run an effect's operation by hand.
  ///
  /// ```swift
  /// let send = Send<Search.Action> { action in print("sent", action) }
  /// ```
  ///
  /// - Parameters:
  ///   - send: The closure that delivers each action.
  public init(send: @escaping @Sendable (Action) async -> Void) {
    self.send = send
  }

  /// Sends an action, unless the current task has been cancelled.
  ///
  /// <!-- example: given send: Send<Search.Action>, places: [Place] -->
  /// ```swift
  /// await send(.searchResponse(places))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await send(action)
  }

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child> { child in await self.send(transform(child)) }
  }
}
