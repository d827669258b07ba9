extension Effect {
  /// Whether the effect may start a task, which a slot's dismissal can outlast: a `.send`, a
  /// `.cancel` or a `.dismiss` acts within its step, and stays on the store's fast path.
  @inlinable
  var mayLaunchTasks: Bool {
    switch operation {
    case .none, .send, .cancel, .dismiss: false
    case .run, .merge, .concatenate, .cancellable, .watch: true
    }
  }

  /// This effect, tied to the presentations of the child slot of `lifetime`: see
  /// ``Operation/watch(slot:owner:_:)``.
  @usableFromInline
  func watchingSlot(of lifetime: ChildLifetime) -> Self {
    Self(
      operation: .watch(
        slot: EffectID(PresentationSlot(owner: ObjectIdentifier(lifetime))), owner: lifetime, self))
  }
}
