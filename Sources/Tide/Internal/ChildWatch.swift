/// A child an operator runs (an `ifLet`'s, a `forEach`'s elements, a stack's screens, an
/// `ifCaseLet`'s case), as a `Reducer.combine` around the operator looks at it: a reducer
/// combined with the operator that removes the child does so where the operator cannot see, so
/// the combine cancels the child's effects in that step, as the operator does when its own
/// parent removes it.
///
/// Two calls a step: what is there before (a ``ChildSnapshot``, a value; a collection's
/// identifiers are the one allocation), and the effect that cancels what went, given that and
/// the state after.
@usableFromInline
struct ChildWatch<State, Action: Sendable>: Sendable {
  /// What is there before a step.
  @usableFromInline let before: @Sendable (State) -> ChildSnapshot
  /// The effect that cancels the effects of what went since `before` (`.none` for nothing);
  /// called only when `before` found something.
  @usableFromInline let after: @Sendable (State, ChildSnapshot) -> Effect<Action>

  @usableFromInline
  init(
    before: @escaping @Sendable (State) -> ChildSnapshot,
    after: @escaping @Sendable (State, ChildSnapshot) -> Effect<Action>
  ) {
    self.before = before
    self.after = after
  }
}

/// What a ``ChildWatch`` saw before a step.
@usableFromInline
enum ChildSnapshot: Sendable {
  /// No child: nothing can go.
  case absent
  /// An optional child, or a case, is there.
  case present
  /// A presented child of this identity is there.
  case presented(PresentationIdentity)
  /// A collection's elements, at this generation (which changes when one is added or removed),
  /// with their identifiers (an ``IdentifiersBox``: a reference keeps this enum's copies cheap
  /// for the other cases, where an existential made each copy go through the runtime).
  case rows(generation: UInt64, identifiers: any AnyObject & Sendable)
  /// A stack's screens.
  case screens([StackElementID])
}

/// The identifiers of a collection's elements before a step (see ``ChildSnapshot/rows``).
@usableFromInline
final class IdentifiersBox<ID: Sendable>: Sendable {
  @usableFromInline let identifiers: [ID]

  @usableFromInline
  init(_ identifiers: [ID]) {
    self.identifiers = identifiers
  }
}

extension Reducer {
  /// The reducer `body` runs, with the children of `watches` looked at around each step (see
  /// ``ChildWatch``). `combine` has its own closure for the common case, one operator beside one
  /// sibling.
  @inlinable
  static func watchingChildren(
    _ watches: [ChildWatch<State, Action>], sharing: SharedSync<State>?,
    _ body: @escaping @Sendable (inout State, Action, Environment) -> Effect<Action>
  ) -> Self {
    return Self(sharing: sharing, watches: watches) { state, action, environment in
      withUnsafeTemporaryAllocation(of: ChildSnapshot.self, capacity: watches.count) {
        snapshots in
        var anything = false
        for index in watches.indices {
          let snapshot = watches[index].before(state)
          if case .absent = snapshot {} else { anything = true }
          snapshots.initializeElement(at: index, to: snapshot)
        }
        defer { _ = snapshots.deinitialize() }
        var effect = body(&state, action, environment)
        guard anything else { return effect }
        for index in watches.indices {
          if case .absent = snapshots[index] { continue }
          let cancellation = watches[index].after(state, snapshots[index])
          if !cancellation.isNone { effect = effect.adding(cancellation) }
        }
        return effect
      }
    }
  }
}

extension ChildWatch {
  /// This watch, for a parent that holds the state at `path` and embeds its actions with
  /// `action`, its cancellations' identifiers scoped as `pullback` scopes the child's (see
  /// ``Reducer/pullback(state:action:environment:)``): a combine around the parent then looks
  /// at the child's children too.
  @inlinable
  func pulledBack<ParentState, ParentAction: Sendable>(
    _ path: InlineKeyPath<ParentState, State>, action: CasePath<ParentAction, Action>,
    position: EffectID
  ) -> ChildWatch<ParentState, ParentAction> {
    let before = before
    let after = after
    return ChildWatch<ParentState, ParentAction>(
      before: { parent in path.reading(parent) { before($0) } },
      after: { parent, snapshot in
        let effect = path.reading(parent) { after($0, snapshot) }
        return effect.isNone ? .none : effect.map(action.embed).scopingOperatorIDs(to: position)
      })
  }
}

extension Effect {
  /// This effect merged with `cancellation`'s `.cancel(id:)`s that it does not hold already:
  /// the operator cancels what its own parent removed, and each combine around it looks again,
  /// so an effect says each once.
  @usableFromInline
  func adding(_ cancellation: Self) -> Self {
    var held: Set<EffectID> = []
    forEachCancellation { held.insert($0) }
    var added: [Self] = []
    cancellation.forEachCancellation { id in
      if held.insert(id).inserted { added.append(Self(operation: .cancel(id: id))) }
    }
    return added.isEmpty ? self : .merge([self] + added)
  }

  /// Calls `body` with each identifier this effect cancels at once: its `.cancel(id:)`s outside
  /// `.run` and `.concatenate`.
  private func forEachCancellation(_ body: (EffectID) -> Void) {
    switch operation {
    case .cancel(let id): body(id)
    case .merge(let effects): for effect in effects { effect.forEachCancellation(body) }
    default: break
    }
  }
}
