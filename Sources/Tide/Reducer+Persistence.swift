import Synchronization

extension Reducer {
  /// Saves a shared value whenever a step changes it, once it has rested for `debounce`: saving
  /// is an effect, named `save "KEY"`, that the REPL and the inspector show and a `TestStore`
  /// waits for like any other.
  ///
  /// Apply it to the whole reducer, outermost, with `keyPath` the root's copy: it compares that
  /// copy before and after the step, once every copy holds the step's value, so a change made
  /// by any feature is saved.
  ///
  /// Loading is not an effect: read the value when you make the initial state (a file's
  /// `load(default:ifMissing:)`, into a copy made with `Shared(key:value:)`), so what the feature starts
  /// from is in its initial state, where a test sees it. A change made within `debounce` of the
  /// previous one cancels the save that waited, so a burst of changes is saved once, with the
  /// last value. A save that fails is reported, with the value kept in memory; each later
  /// change is saved again. A save still waiting when the store is released is cancelled with the
  /// store's other effects: an app that may quit within `debounce` of a change saves its last
  /// value itself as it quits. A value that never rests (a field typed into without a pause)
  /// waits for good: bound the wait with ``persisting(_:debounce:maximumWait:clock:save:)``.
  ///
  /// <!-- example: in sharing-persisting -->
  /// ```swift
  /// static let persisted = reducer.persisting(
  ///   \.saved, debounce: .milliseconds(300), clock: { $0.clock }, save: { $0.save })
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The shared value, in this reducer's state.
  ///   - debounce: How long the value must rest before it is saved; with `.zero`, each change
  ///     is saved at once, without waiting on the clock.
  ///   - clock: The clock the save waits on, from the environment.
  ///   - save: What saves a value, from the environment: a file's `save(_:)`, or a test's
  ///     closure that notes what it was given.
  /// - Returns: A reducer that runs this one, then saves what changed.
  public func persisting<Value>(
    _ keyPath: any WritableKeyPath<State, Shared<Value>> & Sendable,
    debounce: Duration,
    clock: @escaping @Sendable (Environment) -> any Clock<Duration>,
    save: @escaping @Sendable (Environment) -> @Sendable (Value) async throws -> Void
  ) -> Self {
    persisting(keyPath, debounce: debounce, maximumWait: nil, clock: clock, save: save)
  }

  /// Saves a shared value as ``persisting(_:debounce:clock:save:)`` does, but never lets a
  /// change wait longer than `maximumWait`: a value that keeps changing, more often than
  /// `debounce`, is still saved, with its latest value, `maximumWait` after the first change
  /// that waits. The bound runs from the first change whose save waits until the save of the
  /// latest change ends: saved, failed, or cancelled by anything but a later change (the
  /// store released, or the task of the step that made it cancelled) once its task has
  /// started, so the next change waits out the debounce again; a burst whose latest change
  /// is older than `debounce` is over too (its save was cancelled before its task ran).
  ///
  /// <!-- example: in sharing-persisting -->
  /// ```swift
  /// static let typedAndSaved = reducer.persisting(
  ///   \.saved, debounce: .milliseconds(300), maximumWait: .seconds(5), clock: { $0.clock },
  ///   save: { $0.save })
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The shared value, in this reducer's state.
  ///   - debounce: How long the value must rest before it is saved; with `.zero`, each change
  ///     is saved at once, without waiting on the clock.
  ///   - maximumWait: How long a change waits at most, however often the value changes after
  ///     it; `nil` for no bound. More than zero: a bound of zero or less is reported where the
  ///     reducer is made, and ignored.
  ///   - clock: The clock the save waits on, from the environment.
  ///   - save: What saves a value, from the environment: a file's `save(_:)`, or a test's
  ///     closure that notes what it was given.
  /// - Returns: A reducer that runs this one, then saves what changed.
  public func persisting<Value>(
    _ keyPath: any WritableKeyPath<State, Shared<Value>> & Sendable,
    debounce: Duration,
    maximumWait: Duration?,
    clock: @escaping @Sendable (Environment) -> any Clock<Duration>,
    save: @escaping @Sendable (Environment) -> @Sendable (Value) async throws -> Void
  ) -> Self {
    let body = body
    let sharing = sharing
    let owner = SaveOwner()
    var maximumWait = maximumWait
    if let wait = maximumWait, wait <= .zero {
      IssueReporter.current.report(
        "persisting's maximumWait must be more than zero, not \(wait): changes are saved once they rest for the debounce alone."
      )
      maximumWait = nil
    }
    let bound = maximumWait.map { SaveWaits(maximumWait: $0) }
    return Self(sharing: sharing, watches: watches) { state, action, environment in
      let before = state[keyPath: keyPath]
      let effect = body(&state, action, environment)
      // Every copy holds the step's value before the root's is compared.
      sharing?.sync(&state)
      let after = state[keyPath: keyPath]
      guard after.value != before.value else { return effect }
      let value = after.value
      let key = after.key
      let sleep = clock(environment)
      let write = save(environment)
      // The store this step is reduced in: a file two stores save to tells their saves apart.
      let origin = SharedSaveOrigin.reducing
      // With a bound, the wait is what is left of it since the first change that waits.
      let wait =
        bound?.wait(debounce: debounce, store: origin, clock: sleep) ?? (
          duration: debounce, change: 0
        )
      let saving = Effect<Action>.run(name: "save \"\(key)\"") { _ in
        // However the task ends (saved, failed, or cancelled while it waits: by a later change,
        // whose save goes on with the burst, or by anything else, which ends it).
        defer { bound?.end(wait.change, store: origin) }
        // Without a wait, each change is written at once, waiting on no clock.
        if wait.duration > .zero { try await sleep.sleep(for: wait.duration) }
        try await SharedSaveOrigin.$current.withValue(origin) { try await write(value) }
      } catch: { error, _ in
        IssueReporter.current.report(
          """
          The shared value "\(key)" could not be saved.

            Error: \(error)

          It stays as it is in memory, and each later change to it is saved again.
          """)
      }
      .cancellable(id: SaveID(owner: ObjectIdentifier(owner), key: key), cancelInFlight: true)
      return effect.merged(with: saving)
    }
  }
}

/// What tells one `persisting` operator's saves from another's.
final class SaveOwner: Sendable {}

/// When each store's first change that waits to be saved was made, for a `persisting` operator
/// with a `maximumWait`: each later change's save waits only what is left of the bound.
///
/// A burst of changes lasts until the save of its latest change ends, however it ends: saved,
/// failed, or cancelled other than by a later change (the store released, the step's task
/// cancelled). A save cancelled by a later change leaves the burst to that change's save. A
/// save cancelled before its task first ran, whose operation (where the end is noted) never
/// runs, is over once its change is older than the debounce (see ``wait(debounce:store:clock:)``).
final class SaveWaits: Sendable {
  let maximumWait: Duration
  /// Each store's burst (by `SharedSaveOrigin`; 0 outside a store): when its first change was
  /// made, the number of its latest change, and when that was made.
  private let bursts = Mutex<
    [UInt64: (
      latestChange: Int, since: any InstantProtocol<Duration>, at: any InstantProtocol<Duration>
    )]
  >([:])
  private let changes = Atomic<Int>(0)

  init(maximumWait: Duration) {
    self.maximumWait = maximumWait
  }

  /// How many stores have a burst of changes waiting: for tests.
  var waitingStores: Int { bursts.withLock { $0.count } }

  /// How long the save of a change made now waits, and the number of the change, for
  /// ``end(_:store:)``.
  ///
  /// A burst whose latest change is older than `debounce` is over, whether or not its save
  /// said so: that save would have run by now, unless it was cancelled before its task first
  /// ran, when nothing notes its end (a save still writing, slowly, only starts the next burst
  /// here). Such bursts of every store are dropped.
  func wait(
    debounce: Duration, store: UInt64?, clock: any Clock<Duration>
  ) -> (duration: Duration, change: Int) {
    let now = clock.now
    let change = changes.add(1, ordering: .relaxed).newValue
    let since = bursts.withLock { bursts in
      bursts = bursts.filter { Self.duration(from: $0.value.at, to: now) <= debounce }
      let since = bursts[store ?? 0]?.since ?? now
      bursts[store ?? 0] = (change, since, now)
      return since
    }
    let waited = Self.duration(from: since, to: now)
    return (min(debounce, max(.zero, maximumWait - waited)), change)
  }

  /// Ends a store's burst when `change`, whose save just ended, is its latest: the next change
  /// starts another.
  func end(_ change: Int, store: UInt64?) {
    bursts.withLock { bursts in
      if bursts[store ?? 0]?.latestChange == change { bursts[store ?? 0] = nil }
    }
  }

  /// The time from one instant of a clock to a later one of the same clock.
  private static func duration<Instant: InstantProtocol<Duration>>(
    from start: any InstantProtocol<Duration>, to end: Instant
  ) -> Duration {
    guard let start = start as? Instant else { return .zero }
    return start.duration(to: end)
  }
}

/// The identifier of the save a `persisting` operator waits to make; prints as what it saves.
struct SaveID: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
  let owner: ObjectIdentifier
  let key: String

  var description: String { "save \"\(key)\"" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}
