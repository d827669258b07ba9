/// What a ``Store`` runs on: a root that owns the state and effects, or a scope of another store.
/// One value, so that a store is always exactly one of the two.
@MainActor
@usableFromInline
enum StoreCore<State, Action: Sendable> {
  case root(RootCore<State, Action>, owner: RootOwner<State, Action>)
  /// A scope, with its send function beside it: the send path matches the function alone, one
  /// retain, where matching it out of the scope would copy the scope too.
  case scoped(ScopedCore<State, Action>, send: (Action) -> StoreTask)

  /// The root's effects, which every store scoped from it shares.
  @usableFromInline
  var effects: EffectRegistry {
    switch self {
    case .root(let core, _): core.runner.registry
    case .scoped(let scoped, _): scoped.effects
    }
  }

  /// The caches of the root's scoped stores.
  @usableFromInline
  var caches: ScopeCaches {
    switch self {
    case .root(let core, _): core.scopeCaches
    case .scoped(let scoped, _): scoped.caches
    }
  }
}
