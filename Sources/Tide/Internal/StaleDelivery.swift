import Synchronization

/// An action an effect sent that may be stale for some presented children: the effect watched
/// their slots (see ``Effect/Operation/watch(slot:owner:_:)``) and those slots' children were
/// dismissed since. While the store reduces that one action (not what it queues), a presenting
/// reducer of one of those slots refuses it, if it is for its child.
///
/// Rare: a store makes one only for such an action. While it reduces it, each of those slots'
/// operators counts it (``ChildLifetime/staleDeliveries``), so that every other step pays one
/// load of a field of its operator per presented child's action to learn that none is under way.
@usableFromInline
final class StaleDelivery: Sendable {
  /// The operators of the slots whose children were dismissed since the effect started.
  let owners: [ChildLifetime]
  /// Whether the store is still reducing the action itself, and not what it queued.
  private let isReducingAction = Atomic<Bool>(true)

  init(owners: [ChildLifetime]) {
    self.owners = owners
  }

  /// The delivery being reduced, if any.
  @TaskLocal static var current: StaleDelivery?

  /// Reduces `body` with this delivery current.
  func reduce<Result>(_ body: () -> Result) -> Result {
    for owner in owners { owner.staleDeliveries.add(1, ordering: .relaxed) }
    defer { for owner in owners { owner.staleDeliveries.subtract(1, ordering: .relaxed) } }
    return Self.$current.withValue(self, operation: body)
  }

  /// Marks the action itself as reduced: the follow-ups it queued were not sent by the effect.
  @usableFromInline
  func endAction() {
    isReducingAction.store(false, ordering: .relaxed)
  }

  /// Whether the action being reduced is stale for the slot of `owner`.
  func isStale(for owner: ChildLifetime) -> Bool {
    isReducingAction.load(ordering: .relaxed) && owners.contains { $0 === owner }
  }
}
