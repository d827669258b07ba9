extension Effect {
  /// An effect that dismisses the screen whose reducer returns it.
  ///
  /// A presented child returns it to close itself: a sheet whose save button was tapped, a
  /// pushed screen whose item was deleted. The nearest presentation above the reducer (an
  /// `ifLet` over a ``PresentationAction``) turns it into that presentation's `.dismiss`, and a
  /// navigation stack (a `forEach` over a ``StackAction``) into popping the element and those
  /// above it. The dismissal is an action like any other: the parent sees it, a `TestStore`
  /// receives it, and the child's effects are cancelled when it is reduced.
  ///
  /// ```swift
  /// enum Rename {
  ///   struct State: Equatable { var name = "" }
  ///   enum Action: Sendable, Equatable { case nameChanged(String), saveTapped }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     switch action {
  ///     case .nameChanged(let name):
  ///       state.name = name
  ///       return .none
  ///     case .saveTapped:
  ///       return .dismiss()
  ///     }
  ///   }
  /// }
  /// var state = Rename.State()
  /// print(Rename.reducer.reduce(into: &state, action: .saveTapped, environment: ()))  // .dismiss()
  /// ```
  ///
  /// It can end a sequence: `.concatenate(.run(name: "save") { _ in try await save() },
  /// .dismiss())` dismisses once the save has ended, even when it threw. To dismiss only once
  /// the work succeeded, call ``Send/dismiss(fileID:filePath:line:column:)`` inside the `.run`,
  /// after it.
  ///
  /// A dismissal that no presentation or stack runs (the reducer is a store's root, or composed
  /// only with `pullback` and plain `ifLet`) dismisses nothing and is reported (in a `TestStore`
  /// testing the feature alone, it is the feature dismissed: the test store's `isDismissed`):
  ///
  /// ```
  /// An effect asked to dismiss a screen, but nothing presents it.
  ///
  ///   Effect: .dismiss()
  ///
  /// .dismiss() reaches the nearest ifLet over a PresentationAction, or forEach over a StackAction, above the reducer that returns it; this one runs under neither.
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file that returns the effect, named when nothing presents the screen.
  ///   - filePath: The full path of that file.
  ///   - line: The line that returns the effect.
  ///   - column: The column that returns the effect.
  /// - Returns: An effect that dismisses the screen.
  public static func dismiss(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      operation: .dismiss(
        SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        nested: false))
  }

  /// The same effect with every dismissal in it replaced by sending `action`, and its `.run`
  /// operations' ``Send/dismiss(fileID:filePath:line:column:)`` sending it: how a presentation
  /// or a stack takes its child's dismissals.
  @usableFromInline
  func replacingDismissal(with action: Action) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let run):
      let handler = run.handler.map { handler in
        { @Sendable (error: any Error, send: Send<Action>) in
          await handler(error, send.dismissing(with: action))
        }
      }
      return .run(
        name: run.name, priority: run.priority,
        operation: { send in try await run.operation(send.dismissing(with: action)) },
        catch: handler)
    case .dismiss:
      return .send(action)
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.replacingDismissal(with: action) }))
    case .concatenate(let effects):
      return Self(operation: .concatenate(effects.map { $0.replacingDismissal(with: action) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.replacingDismissal(with: action)))
    case .watch(let slot, let owner, let effect):
      return Self(
        operation: .watch(slot: slot, owner: owner, effect.replacingDismissal(with: action)))
    }
  }
}
