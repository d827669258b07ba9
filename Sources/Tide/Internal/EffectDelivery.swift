/// The effect whose action a store is reducing: what an operator asks when an action reaches a
/// child that is gone, to learn whether the child's own effect sent it (see
/// ``ChildLifetime/cancelsOrphanedEffects(where:)``).
package struct EffectDelivery: Sendable {
  /// The registry of the store reducing the action.
  let registry: EffectRegistry
  /// The token of the task that sent the action, or `nil` when the sender is not a registered
  /// task.
  let sender: Int?
}
