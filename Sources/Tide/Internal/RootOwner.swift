import Synchronization

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
      core.deliver = { [weak self] action, sender, tree in
        await scheduler.runOnMainActor { self?.receive(action, from: sender, in: tree) }
      }
    } else {
      core.deliver = { [weak self] action, sender, tree in
        await self?.receive(action, from: sender, in: tree)
      }
    }
  }

  /// Reduces an action an effect sent, unless that effect was cancelled while the action was on
  /// its way: cancellation is final. The effects it starts join the sender's tree. When the
  /// effect is tied to presented children dismissed since it started, the action is reduced
  /// with a ``StaleDelivery``, which their presenting reducers refuse.
  private func receive(_ action: Action, from sender: Int?, in tree: EffectTree?) {
    var stale: StaleDelivery?
    if let sender {
      let registry = core.runner.registry
      switch registry.beginDelivery(from: sender) {
      case .cancelled: return
      case .live: return reduce(action, in: tree, from: sender)
      case .watched: break
      case .stale(let owners): stale = StaleDelivery(owners: owners)
      }
      defer { registry.endDelivery() }
      guard let stale else { return reduce(action, in: tree, from: sender) }
      reduce(action, in: tree, from: sender, stale: stale)
      return
    }
    reduce(action, in: tree, from: nil)
  }

  /// Reduces an action that is stale for some presented children (see ``StaleDelivery``).
  private func reduce(
    _ action: Action, in tree: EffectTree?, from sender: Int, stale: StaleDelivery
  ) {
    core.staleDelivery = stale
    defer {
      // Also when the store queued the action instead of reducing it: the tasks this reduction
      // started inherit the task local, and must find it ended.
      stale.endAction()
      core.staleDelivery = nil
    }
    stale.reduce { reduce(action, in: tree, from: sender) }
  }

  private func reduce(_ action: Action, in tree: EffectTree?, from sender: Int?) {
    let wasReceiving = core.isReceiving
    core.isReceiving = true
    defer { core.isReceiving = wasReceiving }
    let delivery = EffectDelivery(registry: core.runner.registry, sender: sender)
    core.effectDelivery = delivery
    if sender != nil { EffectDelivery.underWay.add(1, ordering: .relaxed) }
    defer {
      if sender != nil { EffectDelivery.underWay.subtract(1, ordering: .relaxed) }
      // Also when the store queued the action: the tasks it starts inherit the task local.
      delivery.endAction()
      core.effectDelivery = nil
    }
    IssueReporter.$delivery.withValue(delivery) {
      guard let reporter = core.receivingReporter?(tree?.origin) else {
        _ = core.send(action, in: tree)
        return
      }
      // A harness's reporter, whoever drives the clock: the effects this reduction starts
      // inherit it.
      IssueReporter.$current.withValue(reporter) { _ = core.send(action, in: tree) }
    }
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (State) -> Void) -> StoreObservation {
    let id = core.addObserver(notify)
    return StoreObservation { [weak self] in
      self?.core.removeObserver(id)
    }
  }
}
