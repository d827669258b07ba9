/// One stretch of a presented child's slot, from one dismissal to the next: what the effects a
/// presenting reducer starts are tied to (see ``Effect/Operation/watch(slot:owner:_:)``).
///
/// The registry of the store that runs the effects makes one per slot when an effect that
/// watches the slot is launched, hands it to every task launched until the slot's child is
/// dismissed, and then marks it detached and forgets it: an action those tasks send to the slot's
/// child afterwards was meant for a child that is gone. It forgets it too once no running task
/// holds it, so that it keeps nothing for slots that no running effect watches.
///
/// Its fields are read and written under the registry's lock only.
final class PresentationEpoch: @unchecked Sendable {
  /// The operator of the slot: how a reducer recognises its own slot.
  let owner: ChildLifetime
  /// Whether the slot's child has been dismissed since this epoch began.
  var isDetached = false
  /// The running tasks that hold it.
  var tasks = 0

  init(owner: ChildLifetime) {
    self.owner = owner
  }
}

/// A slot an effect watches, as a launch carries it: the slot's identifier, made private to the
/// scopes the effect came through, and the operator that owns it.
struct EffectWatch: Sendable {
  let slot: EffectID
  let owner: ChildLifetime
}

/// A slot's epoch as a running task holds it.
struct SlotEpoch: Sendable {
  let slot: EffectID
  let epoch: PresentationEpoch
}
