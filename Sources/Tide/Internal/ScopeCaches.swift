/// The child states that the scoped stores of one root store have computed since the root's
/// state last changed.
///
/// A scoped store computes its state from its parent's the first time it is read after a change
/// and then answers from its cache, so a read costs the same at any depth. The root empties every
/// filled cache before it reduces an action: a cache is valid exactly until then, and never holds
/// on to a copy of the state while the reducer mutates it (which would make copy-on-write
/// collections copy themselves on every send).
@MainActor
@usableFromInline
final class ScopeCaches {
  @exclusivity(unchecked) @usableFromInline var filled: [ScopeStateCacheBase] = []
  /// Whether the root is reducing now, so that an action sent meanwhile is queued rather than
  /// reduced at once: what a binding that sends several actions in one write asks (see
  /// `Store.stackPath`). The root's own flag, kept here because nothing may hold a weak
  /// reference to the root's core (see `RootCore.deliver`).
  @exclusivity(unchecked) @usableFromInline var isRootSending = false

  @usableFromInline
  nonisolated init() {}

  /// Empties every filled cache.
  @usableFromInline
  func invalidate() {
    for cache in filled { cache.clear() }
    filled.removeAll(keepingCapacity: true)
  }
}

/// A scoped store's cached state, as ``ScopeCaches`` sees it.
@MainActor
@usableFromInline
class ScopeStateCacheBase {
  nonisolated init() {}

  func clear() {}
}

/// A scoped store's cached state.
@MainActor
final class ScopeStateCache<State>: ScopeStateCacheBase {
  var value: State?

  override func clear() {
    value = nil
  }
}
