extension Store {
  /// Tells `tap` of every action the store reduces from now on, as it is reduced, and whether an
  /// effect sent it; `nil` removes it. Recording uses it (`TideRecord`). Returns `false` for a
  /// scoped store, which reduces nothing itself: its root store reduces its actions.
  ///
  /// While no tap is set, a send pays one check of an optional for it.
  ///
  /// - Parameters:
  ///   - tap: Told of each action and whether an effect sent it.
  ///   - owner: What set the tap, for ``tapOwner``.
  /// - Returns: Whether the tap was set.
  @discardableResult
  package func tapReductions(
    _ tap: ((_ action: Action, _ received: Bool) -> Void)?, owner: AnyObject? = nil
  ) -> Bool {
    guard let root = rootCore else { return false }
    root.tap = tap
    root.tapOwner = tap == nil ? nil : owner
    return true
  }

  /// What set the current tap (see ``tapReductions(_:owner:)``); `nil` when none is set.
  package var tapOwner: AnyObject? { rootCore?.tapOwner }

  /// Whether a tap is set.
  package var isTapped: Bool { rootCore?.tap != nil }

  /// Whether the store is a root store, which reduces its actions, rather than a scoped one.
  package var isRoot: Bool { rootCore != nil }

  /// The virtual clock that drives the root store's effects, when it was made with one; `nil`
  /// for a scoped store.
  package var drivingClock: ManualClock? { rootCore?.runner.scheduler }
}
