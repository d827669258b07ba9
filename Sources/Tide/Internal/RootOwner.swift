/// Owns a ``RootCore`` for its ``Store``: what effects and observation tokens reference weakly, so
/// that they stop reaching the core once the store is gone, without the core itself ever being
/// weakly referenced.
@MainActor
@usableFromInline
final class RootOwner<State, Action: Sendable> {
  @usableFromInline let core: RootCore<State, Action>

  init(core: RootCore<State, Action>) {
    self.core = core
    if let scheduler = core.runner.scheduler {
      // The action waits in the clock's queue, in order with the effects' jobs.
      core.deliver = { [weak self] action, sender in
        await scheduler.runOnMainActor { self?.receive(action, from: sender) }
      }
    } else {
      core.deliver = { [weak self] action, sender in
        await self?.receive(action, from: sender)
      }
    }
  }

  /// Reduces an action an effect sent, unless that effect was cancelled while the action was on
  /// its way: cancellation is final.
  private func receive(_ action: Action, from sender: Int) {
    guard core.runner.registry.isLive(sender) else { return }
    _ = core.send(action)
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    let id = core.addObserver(notify)
    return StoreObservation { [weak self] in
      self?.core.removeObserver(id)
    }
  }
}
