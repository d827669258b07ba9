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
  /// What ``dismiss(fileID:filePath:line:column:)`` calls: set by the presentation or stack
  /// that runs the effect, or by the store for its own feature; `nil` for a `Send` made by hand
  /// without one.
  let dismissal: (@Sendable (SendDismissal) async -> Void)?
  /// Whether the effect comes up to `dismissal` through a composition (`map`) rather than from
  /// the reducer that set it: only a presentation's or a stack's own child, or the store's own
  /// feature, is dismissed.
  let isNested: Bool

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
    self.init(dismissal: nil, isNested: false, send: send)
  }

  /// Creates a `Send` from a closure that delivers actions and one that dismisses the screen,
  /// to run by hand an effect's operation that calls ``dismiss(fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// let send = Send<Search.Action>(
  ///   send: { action in print("sent", action) }, dismiss: { print("dismissed") })
  /// ```
  ///
  /// - Parameters:
  ///   - send: The closure that delivers each action.
  ///   - dismiss: The closure that dismisses the screen.
  public init(
    send: @escaping @Sendable (Action) async -> Void,
    dismiss: @escaping @Sendable () async -> Void
  ) {
    self.init(dismissal: { _ in await dismiss() }, isNested: false, send: send)
  }

  init(
    dismissal: (@Sendable (SendDismissal) async -> Void)?, isNested: Bool,
    send: @escaping @Sendable (Action) async -> Void
  ) {
    self.send = send
    self.dismissal = dismissal
    self.isNested = isNested
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

  /// Dismisses the screen whose effect this is, as the ``Effect/dismiss(fileID:filePath:line:column:)``
  /// effect does, from inside a `.run` operation: once the work before it succeeded, say.
  ///
  /// <!-- example: given save: @Sendable () async throws -> Void -->
  /// ```swift
  /// enum Action: Sendable { case saveTapped }
  /// let saving = Effect<Action>.run(name: "save") { send in
  ///   try await save()
  ///   await send.dismiss()  // not reached when the save throws
  /// }
  /// ```
  ///
  /// A presented child (an `ifLet` over a ``PresentationAction``) is dismissed by sending its
  /// parent the presentation's `.dismiss`, and a screen of a stack is popped by sending
  /// `.popFrom(id:)`: the parent receives that action, and a test asserts it like any other.
  /// Dismissing cancels the screen's effects, this one among them: what follows the call runs
  /// in a cancelled task, where a send is dropped and a clock's sleep throws, so end the
  /// operation with it. The feature a store or a test store runs itself is dismissed as the effect
  /// dismisses it (a test store's `isDismissed`). Where nothing presents the screen (a child
  /// composed with `pullback` or a plain `ifLet`), from a task that was cancelled, or once the
  /// effect has ended (its send kept, or handed to an unstructured task, and called later),
  /// nothing is dismissed; the first and the last are reported:
  ///
  /// ```
  /// An effect asked to dismiss a screen, but nothing presents it.
  /// ```
  ///
  /// ```
  /// An effect asked to dismiss its screen after it had ended.
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file that calls it, named when nothing presents the screen.
  ///   - filePath: The full path of that file.
  ///   - line: The line that calls it.
  ///   - column: The column that calls it.
  public func dismiss(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    guard !Task.isCancelled else { return }
    let call = SendDismissal(
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isNested: isNested)
    if let dismissal {
      await dismissal(call)
    } else {
      IssueReporter.current.report(
        """
        An effect asked to dismiss a screen, but nothing presents it.

        This Send was made by hand without a dismissal: make it with Send(send:dismiss:).
        """, at: call.location)
    }
  }

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child>(dismissal: dismissal, isNested: true) { child in await self.send(transform(child)) }
  }

  /// This `Send`, dismissing by sending `action`: how a presentation or a stack takes the
  /// dismissals its child's `.run` effects make. Of nested presentations, the innermost takes
  /// a call: it is the first the call meets on its way out to the store.
  func dismissing(with action: Action) -> Self {
    let base = dismissal
    return Send(
      dismissal: { [send] call in
        // The innermost presentation's action: set first, as the call goes outwards.
        let call = call.deliver == nil ? call.delivering { await send(action) } : call
        if let base {
          // The store's own dismissal, which knows whether the effect has ended.
          await base(call)
        } else {
          await call.deliver?()
        }
      }, isNested: false, send: send)
  }
}
