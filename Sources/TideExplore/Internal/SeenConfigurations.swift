/// The configurations exhaustive mode has seen, identified soundly: two are the same only when
/// their states are `==` (or their identities, when the explorer was given one) and their
/// waiting calls, timers and running effects are the same.
///
/// A hash only picks the bucket: the state's own hash when it is `Hashable`, else the hash of its
/// printed form (which may be cut short, or hide fields behind a custom mirror; `==` then still
/// tells apart the states it conflates).
@usableFromInline
struct SeenConfigurations<State: Equatable> {
  private struct Entry {
    let state: State
    /// The state's identity, when the explorer was given one: what entries are compared by.
    let identity: AnyHashable?
    let rest: [String]
  }

  private var buckets: [Int: [Entry]] = [:]
  @usableFromInline private(set) var count = 0
  /// What tells two states apart, when not the whole state (``Explorer``'s `identity`).
  let identity: ((State) -> AnyHashable)?

  /// Hashes a state by its own `hash(into:)` when `State` is `Hashable`: found once, so that
  /// each insertion neither casts the state nor boxes it.
  private let hashState: ((State, inout Hasher) -> Void)?

  @usableFromInline init(identity: ((State) -> AnyHashable)? = nil) {
    self.identity = identity
    hashState = Self.stateHasher()
  }

  private static func stateHasher() -> ((State, inout Hasher) -> Void)? {
    guard let hashable = State.self as? any Hashable.Type else { return nil }
    func hasher<H: Hashable>(_: H.Type) -> (State, inout Hasher) -> Void {
      // `H` is `State` itself, opened from its metatype above: the same type, so the bits are
      // the same value, and no cast is needed at each insertion.
      { state, hasher in hasher.combine(unsafeBitCast(state, to: H.self)) }
    }
    return hasher(hashable)
  }

  /// Adds a configuration; returns whether it was new.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - rest: What else identifies the configuration: waiting calls, timers, running effects.
  ///   - printed: The state's printed form, asked for only when the state is not `Hashable`.
  @usableFromInline mutating func insert(state: State, rest: [String], printed: () -> String)
    -> Bool
  {
    var hasher = Hasher()
    let identity = identity?(state)
    if let identity {
      hasher.combine(identity)
    } else if let hashState {
      hashState(state, &hasher)
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
