/// How a scoped ``Store`` reads and observes the store it was scoped from: the child's state out of
/// the parent's, and observers through the parent. Its send function sits beside it in
/// `StoreCore.scoped(_:send:)`, where the send path matches it alone.
///
/// A class, so that matching it out of ``StoreCore`` costs one reference, not one per closure.
@MainActor
@usableFromInline
final class ScopedCore<State, Action: Sendable> {
  /// How the child's state is computed; shared with the store's ``StoreWatch``, which outlives
  /// the store while reads through it wait.
  let projection: ScopeProjection<State>
  @usableFromInline let addObserver: (@escaping (State) -> Void) -> StoreObservation
  /// Puts the child store's watch in the list of what its parent looks at after each batch.
  @usableFromInline let attach: (any ScopeWatcher) -> Void
  /// The root's effects, which every store scoped from it shares.
  @usableFromInline let effects: EffectRegistry
  /// The root's caches, which this scope's cache joins when it is filled.
  let caches: ScopeCaches

  /// Makes the core of a scoped store.
  ///
  /// The closures hold the store it was scoped from: a child store keeps its parent alive. The
  /// projection must hold no store, only the projections and root it reads from (see
  /// ``StoreWatch``).
  @usableFromInline
  init(
    projection: ScopeProjection<State>,
    addObserver: @escaping (@escaping (State) -> Void) -> StoreObservation,
    attach: @escaping (any ScopeWatcher) -> Void,
    effects: EffectRegistry,
    caches: ScopeCaches
  ) {
    self.projection = projection
    self.addObserver = addObserver
    self.attach = attach
    self.effects = effects
    self.caches = caches
  }

  /// The child's state: from the cache when the root's state has not changed since it was last
  /// computed, so that a read costs the same however deep the scope is.
  @usableFromInline
  func state() -> State {
    projection.state()
  }
}

/// How a scoped store computes its state from its parent's, with the cache that makes a read cost
/// the same at any depth.
///
/// It holds what it reads from (its parent's projection, or the root's core), never a store: the
/// stores scoped from a store reach it through their watches while reads wait, and a projection
/// that held a store would keep the whole tree alive.
@MainActor
@usableFromInline
final class ScopeProjection<State> {
  private let project: () -> State
  private let caches: ScopeCaches
  /// For a scope of an optional child or of an element: whether it is still there.
  let presence: ScopePresence?
  private let cache = ScopeStateCache<State>()

  @usableFromInline
  init(
    caches: ScopeCaches, presence: ScopePresence? = nil, project: @escaping () -> State
  ) {
    self.project = project
    self.caches = caches
    self.presence = presence
  }

  /// The state: from the cache when the root's state has not changed since it was computed.
  @usableFromInline
  func state() -> State {
    if let value = cache.value { return value }
    let value = project()
    cache.value = value
    caches.filled.append(cache)
    return value
  }
}

/// Whether the optional child or the element a scoped store reads is still there. Once it is
/// gone, the store answers with the last state it saw, for ever: a child presented again, or an
/// element added again with the same identifier, gets a new store.
@MainActor
@usableFromInline
final class ScopePresence {
  private(set) var isGone = false
  /// Whether the parent looks for the child after every batch (an optional child), rather than
  /// being told (an element, by its collection's changes).
  let checksEveryBatch: Bool
  /// Drops the store's watch from its parent's cache; called once, when the child is found gone.
  private var onGone: (() -> Void)?

  init(checksEveryBatch: Bool) {
    self.checksEveryBatch = checksEveryBatch
  }

  /// Sets what to do once the child is found gone.
  func whenGone(_ onGone: @escaping () -> Void) {
    self.onGone = onGone
  }

  func markGone() {
    if isGone { return }
    isGone = true
    let onGone = self.onGone
    self.onGone = nil
    onGone?()
  }
}
