import Synchronization

/// The effect whose action a store is reducing: what an operator asks when an action reaches a
/// child that is gone, to learn whether the child's own effect sent it (see
/// ``ChildLifetime/cancelsOrphanedEffects(where:)``).
@usableFromInline
package struct EffectDelivery: Sendable {
  /// The registry of the store reducing the action.
  let registry: EffectRegistry
  /// The token of the task that sent the action, or `nil` when the sender is not a registered
  /// task.
  let sender: Int?

  /// How many stores are reducing an action an effect sent, in the whole process: while none
  /// is, an operator that looks at the sender of a presented child's action (see
  /// ``ChildLifetime/refusesOrphanedAction(_:presented:)``) pays one load, not a task local's
  /// lookup.
  @usableFromInline static let underWay = Atomic<Int>(0)

  /// Whether some store may be reducing an action an effect sent.
  @inlinable static var mayBeUnderWay: Bool {
    underWay.load(ordering: .relaxed) != 0
  }
}
