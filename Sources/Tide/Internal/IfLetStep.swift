/// What `ifLet` runs for each action: everything the operator captured, in one object (see
/// ``ForEachStep``: an action five `ifLet`s deep would otherwise copy five closures' captures).
@usableFromInline
final class IfLetStep<
  State, Action: Sendable, Environment, ChildState, ChildAction: Sendable, ChildEnvironment
>: Sendable {
  @usableFromInline let lifetime: ChildLifetime
  @usableFromInline let slot: InlineKeyPath<State, ChildState?>
  @usableFromInline let action: CasePath<Action, ChildAction>
  @usableFromInline let environment: @Sendable (Environment) -> ChildEnvironment
  @usableFromInline let child:
    @Sendable (inout ChildState, ChildAction, ChildEnvironment) -> Effect<ChildAction>
  /// The child's copies to keep for the parent, when only the child holds any.
  @usableFromInline let stash: SharedSync<State>?
  @usableFromInline let parent: ParentCore<State, Action, Environment>

  @inlinable
  init(
    lifetime: ChildLifetime, slot: InlineKeyPath<State, ChildState?>,
    action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child:
      @escaping @Sendable (inout ChildState, ChildAction, ChildEnvironment) -> Effect<
        ChildAction
      >,
    stash: SharedSync<State>?, parent: ParentCore<State, Action, Environment>
  ) {
    self.lifetime = lifetime
    self.slot = slot
    self.action = action
    self.environment = environment
    self.child = child
    self.stash = stash
    self.parent = parent
  }

  /// Runs the child an action is for, when it is there, then the parent; cancels the child's
  /// effects when the step made its state `nil`.
  @inlinable
  func reduce(
    _ parentState: inout State, _ parentAction: Action, _ parentEnvironment: Environment
  ) -> Effect<Action> {
    var wasPresent = false
    var childRan = false
    var childEffect = Effect<Action>.none
    if let childAction = action.extract(parentAction) {
      let found = slot.modify(&parentState) { optional -> Effect<ChildAction>? in
        guard optional != nil else { return nil }
        wasPresent = true
        return child(&optional!, childAction, environment(parentEnvironment))
      }
      if let found {
        childRan = true
        stash?.stash(parentState)
        // Skipping `map` for an action that starts nothing, as `pullback` does.
        if !found.isNone {
          childEffect = lifetime.scopingOperatorIDs(of: found.map(action.embed))
            .cancellable(id: lifetime.id)
        }
      } else {
        lifetime.reportMissingChild(childAction)
      }
    } else {
      wasPresent = slot.modify(&parentState) { $0 != nil }
    }
    let effect = parent(&parentState, parentAction, parentEnvironment, childRan)
    guard wasPresent, slot.modify(&parentState, { $0 == nil }) else {
      return childEffect.merged(with: effect)
    }
    return .merge(childEffect, effect, .cancel(id: lifetime.id))
  }
}
