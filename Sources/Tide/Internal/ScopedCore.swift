/// How a scoped ``Store`` reads and observes the store it was scoped from: the child's state out of
/// the parent's, and observers through the parent. Its send function sits beside it in
/// `StoreCore.scoped(_:send:)`, where the send path matches it alone.
///
/// A class, so that matching it out of ``StoreCore`` costs one reference, not one per closure.
@MainActor
@usableFromInline
final class ScopedCore<State, Action: Sendable> {
  /// Computes the child's state from the parent's current (possibly cached) state.
  private let project: () -> State
  /// Records a read of the state for Observation, on the root store: only the root tells
  /// observers of changes, so that is where a view that reads through a scope must be tracked.
  @usableFromInline let trackRead: () -> Void
  @usableFromInline let addObserver: (@escaping (State) -> Void) -> StoreObservation
  /// The root's effects, which every store scoped from it shares.
  @usableFromInline let effects: EffectRegistry
  /// The root's caches, which this scope's cache joins when it is filled.
  let caches: ScopeCaches
  private let cache = ScopeStateCache<State>()

  @usableFromInline
  init(
    project: @escaping () -> State,
    trackRead: @escaping () -> Void,
    addObserver: @escaping (@escaping (State) -> Void) -> StoreObservation,
    effects: EffectRegistry,
    caches: ScopeCaches
  ) {
    self.project = project
    self.trackRead = trackRead
    self.addObserver = addObserver
    self.effects = effects
    self.caches = caches
  }

  /// The child's state: from the cache when the root's state has not changed since it was last
  /// computed, so that a read costs the same however deep the scope is.
  @usableFromInline
  func state() -> State {
    if let value = cache.value { return value }
    let value = project()
    cache.value = value
    caches.filled.append(cache)
    return value
  }
}
