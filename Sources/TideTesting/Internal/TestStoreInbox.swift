import Tide

/// What a TestStore shares with its effects and its deinit: the actions effects sent back and not
/// yet asserted, and the settings a nonisolated deinit must read.
final class TestStoreInbox<Action: Sendable>: Sendable {
  struct Received: Sendable {
    let action: Action
    let origin: EffectOrigin
  }

  private struct Storage {
    var received: [Received] = []
    var exhaustivity = Exhaustivity.on
  }

  private let storage = Lock(Storage())

  func append(_ action: Action, from origin: EffectOrigin) {
    storage.withLock { $0.received.append(Received(action: action, origin: origin)) }
  }

  /// Puts a step's synchronous follow-ups before everything already received, in order.
  func insertAtFront(_ actions: [Action], from origin: EffectOrigin) {
    guard !actions.isEmpty else { return }
    storage.withLock { storage in
      storage.received.insert(
        contentsOf: actions.map { Received(action: $0, origin: origin) }, at: 0)
    }
  }

  var received: [Received] {
    storage.withLock { $0.received }
  }

  var isEmpty: Bool {
    storage.withLock { $0.received.isEmpty }
  }

  func removeFirst() -> Received? {
    storage.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
  }

  func removeAll() -> [Received] {
    storage.withLock { storage in
      defer { storage.received = [] }
      return storage.received
    }
  }

  var exhaustivity: Exhaustivity {
    get { storage.withLock { $0.exhaustivity } }
    set { storage.withLock { $0.exhaustivity = newValue } }
  }
}
