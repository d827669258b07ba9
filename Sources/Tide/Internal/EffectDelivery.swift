import Synchronization

/// The effect whose action a store is reducing: what an operator asks when an action reaches a
/// child that is gone, to learn whether the child's own effect sent it (see
/// ``ChildLifetime/cancelsOrphanedEffects(where:)``).
///
/// It names the sender only while the store reduces the action itself: what that action queues
/// (a parent's `.send` relaying it elsewhere) was not sent by the effect.
@usableFromInline
package final class EffectDelivery: Sendable {
  /// The registry of the store reducing the action: weak, as the tasks the action starts
  /// inherit this delivery in a task local, and the registry holds those tasks.
  nonisolated(unsafe) private(set) weak var registry: EffectRegistry?
  private let sender: Int?
  /// Whether the store is still reducing the action itself, and not what it queued.
  private let isReducingAction = Atomic<Bool>(true)

  init(registry: EffectRegistry, sender: Int?) {
    self.registry = registry
    self.sender = sender
  }

  /// The token of the task that sent the action being reduced; `nil` once the store reduces
  /// what it queued, or when the sender is not a registered task.
  var currentSender: Int? {
    isReducingAction.load(ordering: .relaxed) ? sender : nil
  }

  /// Marks the action itself as reduced.
  @usableFromInline
  func endAction() {
    isReducingAction.store(false, ordering: .relaxed)
  }

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
