/// The configurations exhaustive mode has seen, identified soundly: two are the same only when
/// their states are `==` (or their identities, when the explorer was given one) and their
/// waiting calls, timers and running effects are the same.
///
/// A hash only picks the bucket: the state's own hash when it is `Hashable`, else the hash of its
/// printed form (which may be cut short, or hide fields behind a custom mirror; `==` then still
/// tells apart the states it conflates).
struct SeenConfigurations<State: Equatable> {
  private struct Entry {
    let state: State
    /// The state's identity, when the explorer was given one: what entries are compared by.
    let identity: AnyHashable?
    let rest: [String]
  }

  private var buckets: [Int: [Entry]] = [:]
  private(set) var count = 0
  /// What tells two states apart, when not the whole state (``Explorer``'s `identity`).
  let identity: ((State) -> AnyHashable)?

  init(identity: ((State) -> AnyHashable)? = nil) {
    self.identity = identity
  }

  /// Adds a configuration; returns whether it was new.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - rest: What else identifies the configuration: waiting calls, timers, running effects.
  ///   - printed: The state's printed form, asked for only when the state is not `Hashable`.
  mutating func insert(state: State, rest: [String], printed: () -> String) -> Bool {
    var hasher = Hasher()
    let identity = identity?(state)
    if let identity {
      hasher.combine(identity)
    } else if let hashable = state as? any Hashable {
      hasher.combine(AnyHashable(hashable))
    } else {
      hasher.combine(printed())
    }
    hasher.combine(rest)
    let key = hasher.finalize()
    if let entries = buckets[key],
      entries.contains(where: { entry in
        guard entry.rest == rest else { return false }
        if let identity { return entry.identity == identity }
        return entry.state == state
      })
    {
      return false
    }
    buckets[key, default: []].append(Entry(state: state, identity: identity, rest: rest))
    count += 1
    return true
  }
}
