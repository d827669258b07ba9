/// How a scoped ``Store`` reads and observes the store it was scoped from: the child's state out of
/// the parent's, and observers through the parent. Its send function sits beside it in
/// `StoreCore.scoped(_:send:)`, where the send path matches it alone.
///
/// A class, so that matching it out of ``StoreCore`` costs one reference, not one per closure.
@MainActor
@usableFromInline
final class ScopedCore<State, Action: Sendable> {
  @usableFromInline let state: () -> State
  @usableFromInline let addObserver: (@escaping (State) -> Void) -> StoreObservation
  /// The root's effects, which every store scoped from it shares.
  @usableFromInline let effects: EffectRegistry

  @usableFromInline
  init(
    state: @escaping () -> State,
    addObserver: @escaping (@escaping (State) -> Void) -> StoreObservation,
    effects: EffectRegistry
  ) {
    self.state = state
    self.addObserver = addObserver
    self.effects = effects
  }
}
