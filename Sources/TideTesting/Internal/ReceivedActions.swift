import Tide

/// An action a ``TestStore``'s store reduced that the test did not send: one an effect sent
/// back, or a synchronous follow-up (`.send`) of a step. `origin` is the send it belongs to.
struct ReceivedAction<Action: Sendable>: Sendable {
  let action: Action
  let origin: EffectOrigin
}

/// The received actions a ``TestStore``'s store has reduced and no assertion has covered yet,
/// oldest first, and the settings the test store's nonisolated deinit reads.
final class ReceivedActions<Action: Sendable>: Sendable {
  private struct Storage {
    var pending = FIFOQueue<ReceivedAction<Action>>()
    var exhaustivity = Exhaustivity.on
  }

  private let storage = Lock(Storage())

  func append(_ received: ReceivedAction<Action>) {
    storage.withLock { $0.pending.append(received) }
  }

  var all: [ReceivedAction<Action>] {
    storage.withLock { $0.pending.all }
  }

  var first: ReceivedAction<Action>? {
    storage.withLock { $0.pending.first }
  }

  var isEmpty: Bool {
    storage.withLock { $0.pending.isEmpty }
  }

  func removeFirst() -> ReceivedAction<Action>? {
    storage.withLock { $0.pending.popFirst() }
  }

  func removeAll() -> [ReceivedAction<Action>] {
    storage.withLock { $0.pending.removeAll() }
  }

  var exhaustivity: Exhaustivity {
    get { storage.withLock { $0.exhaustivity } }
    set { storage.withLock { $0.exhaustivity = newValue } }
  }
}
