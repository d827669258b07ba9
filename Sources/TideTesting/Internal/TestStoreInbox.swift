import Tide

/// What a TestStore shares with its effects and its deinit: the actions effects sent back and not
/// yet asserted, and the settings a nonisolated deinit must read.
final class TestStoreInbox<Action: Sendable>: Sendable {
  struct Received: Sendable {
    let action: Action
    let origin: EffectOrigin
    /// The tree of the send it came from: the effects its reduction starts join it.
    let tree: EffectTree
  }

  private struct Storage {
    var received: [Received] = []
    /// How many of the first `received` are synchronous follow-ups (`.send`s) of the steps so
    /// far, not yet asserted: a live store reduces them before anything an effect sends later.
    var synchronous = 0
    var exhaustivity = Exhaustivity.on
  }

  private let storage = Lock(Storage())

  func append(_ action: Action, from origin: EffectOrigin, in tree: EffectTree) {
    storage.withLock { $0.received.append(Received(action: action, origin: origin, tree: tree)) }
  }

  /// Queues a step's synchronous follow-ups first in, first out: after the follow-ups already
  /// waiting (those of earlier steps, which a live store reduces first), and before everything
  /// effects sent.
  func insertFollowUps(_ actions: [Action], from origin: EffectOrigin, in tree: EffectTree) {
    guard !actions.isEmpty else { return }
    storage.withLock { storage in
      storage.received.insert(
        contentsOf: actions.map { Received(action: $0, origin: origin, tree: tree) },
        at: storage.synchronous)
      storage.synchronous += actions.count
    }
  }

  var received: [Received] {
    storage.withLock { $0.received }
  }

  var isEmpty: Bool {
    storage.withLock { $0.received.isEmpty }
  }

  func removeFirst() -> Received? {
    storage.withLock { storage in
      guard !storage.received.isEmpty else { return nil }
      storage.synchronous = max(0, storage.synchronous - 1)
      return storage.received.removeFirst()
    }
  }

  func removeAll() -> [Received] {
    storage.withLock { storage in
      defer {
        storage.received = []
        storage.synchronous = 0
      }
      return storage.received
    }
  }

  var exhaustivity: Exhaustivity {
    get { storage.withLock { $0.exhaustivity } }
    set { storage.withLock { $0.exhaustivity = newValue } }
  }
}
