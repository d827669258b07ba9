import Synchronization

/// A thread-safe list that dependencies append to.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  var all: [Value] { values.withLock { $0 } }
  func append(_ value: Value) { values.withLock { $0.append(value) } }
}
