import Synchronization

/// The effects a runtime has started and not yet seen finish, with the identifiers they can be
/// cancelled by.
@usableFromInline
package final class EffectRegistry: Sendable {
  /// One running effect.
  package struct Record: Sendable {
    package let token: Int
    let ids: [EffectID]
    /// The effect, as ``Effect/description`` prints it.
    package let description: String
    package let origin: EffectOrigin?
    /// Whether it runs inside another recorded effect (a cancellable part of a concatenation).
    let isNested: Bool
    var task: Task<Void, Never>?
    var isCancelled = false
  }

  private struct Storage {
    var nextToken = 0
    var records: [Int: Record] = [:]
  }

  private let storage = Mutex(Storage())

  package init() {}

  func insert(
    ids: [EffectID], description: String, origin: EffectOrigin?, isNested: Bool
  ) -> Int {
    storage.withLock { storage in
      let token = storage.nextToken
      storage.nextToken += 1
      storage.records[token] = Record(
        token: token, ids: ids, description: description, origin: origin, isNested: isNested
      )
      return token
    }
  }

  /// Attaches the task that runs a record; cancels it at once if the record was cancelled before
  /// the task existed.
  func attach(_ task: Task<Void, Never>, to token: Int) {
    let cancelNow = storage.withLock { storage -> Bool in
      guard storage.records[token] != nil else { return false }
      storage.records[token]!.task = task
      return storage.records[token]!.isCancelled
    }
    if cancelNow { task.cancel() }
  }

  func remove(_ token: Int) {
    _ = storage.withLock { $0.records.removeValue(forKey: token) }
  }

  /// Cancels every effect registered under `id`.
  func cancel(_ id: EffectID) {
    let tasks = storage.withLock { storage -> [Task<Void, Never>] in
      var tasks: [Task<Void, Never>] = []
      for (token, record) in storage.records where record.ids.contains(id) {
        storage.records[token]!.isCancelled = true
        if let task = record.task { tasks.append(task) }
      }
      return tasks
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every running effect.
  package func cancelAll() {
    let tasks = storage.withLock { storage -> [Task<Void, Never>] in
      for token in storage.records.keys { storage.records[token]!.isCancelled = true }
      return storage.records.values.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// The running effects that were started directly by a step, oldest first. Cancelled effects
  /// are left out even while their tasks wind down: they can no longer send anything.
  package var inFlight: [Record] {
    storage.withLock { storage in
      storage.records.values.filter { !$0.isNested && !$0.isCancelled }.sorted {
        $0.token < $1.token
      }
    }
  }

  /// Whether no effect is running.
  package var isEmpty: Bool {
    storage.withLock { $0.records.isEmpty }
  }

  /// Cancels the effect with this token and forgets it at once, rather than when its task ends:
  /// for a harness that has already reported it.
  package func forget(token: Int) {
    let task = storage.withLock { $0.records.removeValue(forKey: token)?.task }
    task?.cancel()
  }

  /// Cancels the top-level effect with this token.
  package func cancel(token: Int) {
    let task = storage.withLock { storage -> Task<Void, Never>? in
      storage.records[token]?.isCancelled = true
      return storage.records[token]?.task
    }
    task?.cancel()
  }
}
