/// The configurations exhaustive mode has seen, identified soundly: two are the same only when
/// their states are `==` and their waiting calls, timers and running effects are the same.
///
/// A hash only picks the bucket: the state's own hash when it is `Hashable`, else the hash of its
/// printed form (which may be cut short, or hide fields behind a custom mirror; `==` then still
/// tells apart the states it conflates).
struct SeenConfigurations<State: Equatable> {
  private struct Entry {
    let state: State
    let rest: [String]
  }

  private var buckets: [Int: [Entry]] = [:]
  private(set) var count = 0

  /// Adds a configuration; returns whether it was new.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - rest: What else identifies the configuration: waiting calls, timers, running effects.
  ///   - printed: The state's printed form, asked for only when the state is not `Hashable`.
  mutating func insert(state: State, rest: [String], printed: () -> String) -> Bool {
    var hasher = Hasher()
    if let hashable = state as? any Hashable {
      hasher.combine(AnyHashable(hashable))
    } else {
      hasher.combine(printed())
    }
    hasher.combine(rest)
    let key = hasher.finalize()
    if let entries = buckets[key],
      entries.contains(where: { $0.rest == rest && $0.state == state })
    {
      return false
    }
    buckets[key, default: []].append(Entry(state: state, rest: rest))
    count += 1
    return true
  }
}
