extension Effect {
  /// Returns an effect that can be cancelled by identifier.
  ///
  /// Every task the effect starts, including those of merged and concatenated children, is
  /// registered under `id` until it finishes. ``cancel(id:)`` cancels them all. With
  /// `cancelInFlight`, starting this effect first cancels whatever is still running under `id`,
  /// so only the newest request survives. Here `CancelID` is the feature's own
  /// `enum CancelID { case search }`:
  ///
  /// <!-- example: in search-reducer -->
  /// ```swift
  /// case .queryChanged(let query):
  ///   return .run(name: "geocode") { send in
  ///     await send(.searchResponse(try await environment.geocode(query)))
  ///   }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value that names the effect; values of different types never
  ///     match.
  ///   - cancelInFlight: Whether to cancel effects already running under `id` before starting.
  /// - Returns: A cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if !cancelInFlight {
      // Nothing synchronous can be cancelled: it has run before anyone could cancel it.
      switch operation {
      case .none, .send: return self
      default: break
      }
    }
    return Self(operation: .cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels every running effect registered under `id`.
  ///
  /// The cancellation happens as soon as the store runs this effect, synchronously, before any
  /// other action is handled; an effect that is cancelled never sends another action.
  ///
  /// <!-- example: in session-reducer -->
  /// ```swift
  /// case .logoutTapped:
  ///   state = .loggedOut
  ///   return .cancel(id: CancelID.search)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier the effects were made cancellable with.
  /// - Returns: An effect that cancels.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: EffectID(id)))
  }

  /// Returns an effect that waits `duration` on `clock` before running this effect, and starts
  /// over whenever another effect with the same `id` arrives in the meantime.
  ///
  /// Only the last of a burst of effects runs. Inject the clock through the environment so tests
  /// control time:
  ///
  /// <!-- example: in search-reducer -->
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .run(name: "geocode") { send in
  ///     await send(.searchResponse(try await environment.geocode(query)))
  ///   }
  ///   .debounce(id: CancelID.search, for: .milliseconds(300), clock: environment.clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier that groups the effects to debounce.
  ///   - duration: How long to wait for quiet before running.
  ///   - clock: The clock to wait on.
  /// - Returns: The debounced effect.
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    Self.concatenate(
      .run(name: "debounce(for: \(duration))") { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }
}

/// A type-erased, sendable effect identifier.
@usableFromInline
struct EffectID: Hashable, Sendable, CustomStringConvertible {
  // AnyHashable is not Sendable, but the value it wraps was required to be.
  private nonisolated(unsafe) let base: AnyHashable

  init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }

  @usableFromInline
  var description: String {
    describe(base.base)
  }

  /// The identifier as it was written, outside the scopes operators put it in.
  var unscoped: EffectID {
    (base.base as? ScopedEffectID)?.id.unscoped ?? self
  }

  /// The operator whose child's effects this identifier names (made by ``ChildLifetime``), if
  /// it is one.
  var childOwner: ObjectIdentifier? {
    (base.base as? any ChildOwnedEffectsID)?.owner
  }
}

extension Effect {
  /// The same effect with every cancellation identifier inside it made private to `scope`, so
  /// that `.cancellable(id:)` and `.cancel(id:)` inside it only meet each other.
  @usableFromInline
  func scopingCancellation(to scope: some Hashable & Sendable) -> Self {
    scoped(EffectID(scope))
  }

  /// The effect of a child that `id` owns (an element, a stack's screen, a presentation): its
  /// cancellation identifiers made private to `id`, and all of it cancellable under `id`, so
  /// that the child going away cancels it.
  @usableFromInline
  func owned(by id: some Hashable & Sendable) -> Self {
    scopingCancellation(to: id).cancellable(id: id)
  }

  private func scoped(_ scope: EffectID) -> Self {
    switch operation {
    case .none, .send, .run, .dismiss:
      return self
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.scoped(scope) }))
    case .concatenate(let effects):
      return Self(operation: .concatenate(effects.map { $0.scoped(scope) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: EffectID(ScopedEffectID(scope: scope, id: id)), cancelInFlight: cancelInFlight,
          effect.scoped(scope)))
    case .cancel(let id):
      return Self(operation: .cancel(id: EffectID(ScopedEffectID(scope: scope, id: id))))
    case .watch(let slot, let owner, let effect):
      return Self(
        operation: .watch(
          slot: EffectID(ScopedEffectID(scope: scope, id: slot)), owner: owner,
          effect.scoped(scope)))
    }
  }
}

extension Effect {
  /// The same effect with every identifier an operator made inside it private to `scope` (see
  /// ``OperatorEffectID``); identifiers a feature wrote stay as they are, so that a parent can
  /// still cancel a child's effect by an identifier the two share.
  @usableFromInline
  func scopingOperatorIDs(to scope: EffectID) -> Self {
    scopedOperatorIDs(to: scope) ?? self
  }

  /// ``scopingOperatorIDs(to:)``, or `nil` when the effect holds no identifier an operator made:
  /// most effects (a `.run`, a merge of them) are then passed on as they are, not rebuilt.
  private func scopedOperatorIDs(to scope: EffectID) -> Self? {
    switch operation {
    case .none, .send, .run, .dismiss:
      return nil
    case .merge(let effects):
      return Self.scoped(effects, to: scope).map { Self(operation: .merge($0)) }
    case .concatenate(let effects):
      return Self.scoped(effects, to: scope).map { Self(operation: .concatenate($0)) }
    case .cancellable(let id, let cancelInFlight, let effect):
      let inner = effect.scopedOperatorIDs(to: scope)
      guard id.isMadeByOperator || inner != nil else { return nil }
      return Self(
        operation: .cancellable(
          id: id.isMadeByOperator ? EffectID(ScopedEffectID(scope: scope, id: id)) : id,
          cancelInFlight: cancelInFlight, inner ?? effect))
    case .cancel(let id):
      guard id.isMadeByOperator else { return nil }
      return Self(operation: .cancel(id: EffectID(ScopedEffectID(scope: scope, id: id))))
    case .watch(let slot, let owner, let effect):
      return Self(
        operation: .watch(
          slot: EffectID(ScopedEffectID(scope: scope, id: slot)), owner: owner,
          effect.scopedOperatorIDs(to: scope) ?? effect))
    }
  }

  /// The effects with their operators' identifiers scoped, or `nil` when none holds any.
  private static func scoped(_ effects: [Self], to scope: EffectID) -> [Self]? {
    var result: [Self]?
    for (index, effect) in effects.enumerated() {
      guard let scoped = effect.scopedOperatorIDs(to: scope) else { continue }
      if result == nil { result = effects }
      result![index] = scoped
    }
    return result
  }
}

extension EffectID {
  /// Whether an operator made this identifier.
  var isMadeByOperator: Bool { base.base is any OperatorEffectID }
}

extension EffectID {
  /// The slot of a presented child's effects: for the identifier of one presentation's effects,
  /// the identifier under which effects that watch that child's slot are tied to its
  /// presentations (see ``Effect/Operation/watch(slot:owner:_:)``), made private to the same
  /// scopes; `nil` for any other identifier.
  var presentationSlot: EffectID? {
    if let scoped = base.base as? ScopedEffectID {
      return scoped.id.presentationSlot.map {
        EffectID(ScopedEffectID(scope: scoped.scope, id: $0))
      }
    }
    if let presented = base.base as? PresentedEffectsID {
      return EffectID(PresentationSlot(owner: presented.owner))
    }
    return nil
  }
}

/// An identifier made private to a scope (an element of a `forEach`); prints as the identifier
/// the feature wrote.
private struct ScopedEffectID: Hashable, Sendable, CustomStringConvertible, CustomReflectable,
  OperatorEffectID
{
  let scope: EffectID
  let id: EffectID

  var description: String { id.description }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}
