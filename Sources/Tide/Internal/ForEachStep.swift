/// What `forEach` runs for each action: everything the operator captured, in one object.
///
/// A closure that captured the key path, case path, environment, child, lifetime and parent one
/// by one copied each of them out of its context on every call (a forwarder of 37 instructions,
/// 21 of them saved by this object, of an element action that cost 700); the reducer's closure
/// captures this object instead.
@usableFromInline
final class ForEachStep<
  State, Action: Sendable, Environment, ElementState: Identifiable, ElementAction: Sendable,
  ElementEnvironment
>: Sendable where ElementState: SendableMetatype, ElementState.ID: Sendable {
  @usableFromInline let lifetime: ChildLifetime
  @usableFromInline let rows: InlineKeyPath<State, IdentifiedArray<ElementState>>
  @usableFromInline let action: CasePath<Action, (ElementState.ID, ElementAction)>
  @usableFromInline let environment: @Sendable (Environment) -> ElementEnvironment
  @usableFromInline let child:
    @Sendable (inout ElementState, ElementAction, ElementEnvironment) -> Effect<ElementAction>
  /// The element's copies to keep for the parent, when only the element holds any.
  @usableFromInline let elementSharing: SharedSync<ElementState>?
  @usableFromInline let parent: ParentCore<State, Action, Environment>

  @inlinable
  init(
    lifetime: ChildLifetime, rows: InlineKeyPath<State, IdentifiedArray<ElementState>>,
    action: CasePath<Action, (ElementState.ID, ElementAction)>,
    environment: @escaping @Sendable (Environment) -> ElementEnvironment,
    child:
      @escaping @Sendable (inout ElementState, ElementAction, ElementEnvironment) -> Effect<
        ElementAction
      >,
    elementSharing: SharedSync<ElementState>?, parent: ParentCore<State, Action, Environment>
  ) {
    self.lifetime = lifetime
    self.rows = rows
    self.action = action
    self.environment = environment
    self.child = child
    self.elementSharing = elementSharing
    self.parent = parent
  }

  /// Runs the element an action is for, then the parent; cancels the effects of the elements
  /// the step removed.
  @inlinable
  func reduce(
    _ parentState: inout State, _ parentAction: Action, _ parentEnvironment: Environment
  ) -> Effect<Action> {
    // The identifiers before the step: a copy of the index that costs nothing unless the step
    // adds or removes elements, which is when it is needed.
    var generation: UInt64 = 0
    var identifiers: [ElementState.ID] = []
    var elementEffect = Effect<Action>.none
    var childRan = false
    if let (id, elementAction) = action.extract(parentAction) {
      let elementEnvironment = environment(parentEnvironment)
      var newID: ElementState.ID?
      // One in-place access: note the identifiers, find the element and run it.
      let found = rows.modify(&parentState) { rows in
        (generation, identifiers) = (rows.generation, rows.identifiers)
        return rows.modify(id: id) { row in
          defer { newID = row.id }
          let effect = child(&row, elementAction, elementEnvironment)
          elementSharing?.stash(row)
          return effect
        }
      }
      if let found {
        childRan = true
        // The effects capture the case path alone, not the whole step.
        if let newID, newID != id {
          elementEffect = lifetime.changedID(
            from: id, to: newID, action: elementAction,
            effect: found.map { [action] in action.embed((id, $0)) })
        } else if !found.isNone {
          // Identifiers inside an element's effects are its own: `.cancel(id:)` in one element
          // never reaches another's effects, however the two are nested.
          elementEffect = found.map { [action] in action.embed((id, $0)) }
            .owned(by: lifetime.id(for: id))
        }
      } else {
        lifetime.reportMissingElement(elementAction, id: id)
      }
    } else {
      (generation, identifiers) = rows.modify(&parentState) { ($0.generation, $0.identifiers) }
    }
    let effect = parent(&parentState, parentAction, parentEnvironment, childRan)
    guard rows.modify(&parentState, { $0.generation }) != generation else {
      return elementEffect.merged(with: effect)
    }
    return lifetime.cancellingRemoved(
      before: identifiers, after: rows.modify(&parentState) { $0 }, effects: elementEffect,
      effect)
  }
}
