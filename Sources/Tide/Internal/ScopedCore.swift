/// How a scoped ``Store`` reaches the store it was scoped from: reading the child's state out of
/// the parent's, sending wrapped actions straight to the root, and observing through the parent.
///
/// A class, so that a store's core is one reference whatever it holds: matching a struct of
/// closures out of ``StoreCore`` copies every closure, four retains and releases on each send.
@MainActor
@usableFromInline
final class ScopedCore<State, Action: Sendable> {
  @usableFromInline let state: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  @usableFromInline let addObserver: (@escaping (State) -> Void) -> StoreObservation
  /// The root's effects, which every store scoped from it shares.
  @usableFromInline let effects: EffectRegistry

  @usableFromInline
  init(
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask,
    addObserver: @escaping (@escaping (State) -> Void) -> StoreObservation,
    effects: EffectRegistry
  ) {
    self.state = state
    self.send = send
    self.addObserver = addObserver
    self.effects = effects
  }
}
