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
  /// value itself as it quits.
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
    let body = body
    let sharing = sharing
    let owner = SaveOwner()
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
      let saving = Effect<Action>.run(name: "save \"\(key)\"") { _ in
        // Without a debounce, each change is written at once, waiting on no clock.
        if debounce > .zero { try await sleep.sleep(for: debounce) }
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

/// The identifier of the save a `persisting` operator waits to make; prints as what it saves.
struct SaveID: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
  let owner: ObjectIdentifier
  let key: String

  var description: String { "save \"\(key)\"" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}
