extension Effect {
  /// Returns an effect that sends `transform(action)` wherever this effect sends `action`.
  ///
  /// ``Reducer/pullback(state:action:environment:)-(_,CasePath<ParentAction,Action>,_)`` uses this to wrap a child's actions into the
  /// parent's. The result keeps its shape: mapping a `.run` gives a `.run` with the same name.
  ///
  /// <!-- example: given childEffect: Effect<LoginAction> -->
  /// ```swift
  /// let parentEffect = childEffect.map(AppAction.login)
  /// ```
  ///
  /// - Parameters:
  ///   - transform: A function from this effect's actions to the new effect's actions.
  /// - Returns: The transformed effect.
  @inlinable
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Self.mapping(run, transform)
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .dismiss(let location, _):
      // It comes from a child: what dismisses it is an operator above, never the store itself.
      return Effect<NewAction>(operation: .dismiss(location, nested: true))
    case .watch(let slot, let owner, let effect):
      return Effect<NewAction>(operation: .watch(slot: slot, owner: owner, effect.map(transform)))
    }
  }

  /// A run effect whose actions (sent, and sent by its error handler) go through `transform`:
  /// out of line, as it starts a task anyway.
  @usableFromInline
  static func mapping<NewAction: Sendable>(
    _ run: Run, _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    let handler = run.handler.map { handler in
      { @Sendable (error: any Error, send: Send<NewAction>) in
        await handler(error, send.map(transform))
      }
    }
    return .run(
      name: run.name,
      priority: run.priority,
      operation: { send in try await run.operation(send.map(transform)) },
      catch: handler
    )
  }
}
