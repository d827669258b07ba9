/// A description of side-effecting work for a ``Store`` to run, and the actions that work sends
/// back.
///
/// Reducers return effects; they never perform them. An effect is a plain value built from static
/// factories, so it can be compared in kind, printed and inspected (see ``shape`` and
/// ``description``) before anything runs.
///
/// <!-- example: in search-reducer -->
/// ```swift
/// case .searchButtonTapped:
///   state.isSearching = true
///   return .run(name: "geocode") { [query = state.query] send in
///     let places = try await environment.geocode(query)
///     await send(.searchResponse(places))
///   } catch: { error, send in
///     await send(.searchFailed(error.localizedDescription))
///   }
///   .cancellable(id: SearchID(), cancelInFlight: true)
/// ```
///
/// Effects run as Swift concurrency tasks. The actions they send go back through the store that
/// runs them, one at a time, in the order they are sent.
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  ///
  /// <!-- example: in counter-reducer -->
  /// ```swift
  /// case .incrementTapped:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that sends an action straight back to the store.
  ///
  /// The store reduces it before its `send` returns and before observers are told, first in,
  /// first out: after the actions queued before it. `.merge(.send(.a), .send(.b))`, where `.a`
  /// returns `.send(.c)`, reduces `a`, `b`, then `c`. A reducer can so reuse the logic of another
  /// action without duplicating it.
  ///
  /// <!-- example: in search-reducer -->
  /// ```swift
  /// case .clearTapped:
  ///   return .send(.queryChanged(""))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs an asynchronous operation, which may send any number of actions back.
  ///
  /// An error the operation throws goes to `handler`. Without a handler, an error that is not a
  /// cancellation is reported, never swallowed: a ``Store`` prints a runtime warning naming the
  /// effect, and a `TestStore` fails the test at the step that started it.
  ///
  /// <!-- example: in login-effect -->
  /// ```swift
  /// return .run(name: "login") { [username = state.username, password = state.password] send in
  ///   let user = try await environment.login(username, password)
  ///   await send(.loginResponse(.success(user)))
  /// } catch: { error, send in
  ///   await send(.loginResponse(.failure(LoginServiceError(error))))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: A name for the effect, shown in its ``description`` and in messages about it.
  ///   - priority: The priority of the task the effect runs in.
  ///   - operation: The work to do. It receives a ``Send`` to send actions back with.
  ///   - handler: A closure that handles any non-cancellation error `operation` throws, usually by
  ///     sending a failure action.
  /// - Returns: An effect that runs `operation`.
  public static func run(
    name: String? = nil,
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
  ) -> Self {
    Self(
      operation: .run(
        Run(name: name, priority: priority, operation: operation, handler: handler)
      )
    )
  }

  /// An effect that runs several effects at once.
  ///
  /// <!-- example: in effect-return -->
  /// ```swift
  /// return .merge(.send(.refresh), .run(name: "track") { _ in await analytics.track("open") })
  /// ```
  ///
  /// - Parameters:
  ///   - effects: The effects to run concurrently.
  /// - Returns: An effect that finishes when all of them have finished.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that runs an array of effects at once.
  ///
  /// <!-- example: in effect-return -->
  /// ```swift
  /// return .merge(ids.map { .cancel(id: $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - effects: The effects to run concurrently.
  /// - Returns: An effect that finishes when all of them have finished.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    // Merging is associative, so a nested merge is spliced in.
    flattening(effects) {
      if case .merge(let children) = $0 { children } else { nil }
    } makingGroup: {
      .merge($0)
    }
  }

  /// Returns an effect that runs this effect and `other` at once.
  ///
  /// <!-- example: in effect-return -->
  /// ```swift
  /// return effect.merged(with: .send(.didStart))
  /// ```
  ///
  /// - Parameters:
  ///   - other: The effect to run alongside this one.
  /// - Returns: The merged effect.
  @inlinable
  public func merged(with other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return .merge(self, other)
  }

  /// An effect that runs several effects one after another, each starting when the previous one
  /// has finished.
  ///
  /// <!-- example: in effect-return -->
  /// ```swift
  /// return .concatenate(.run(name: "save") { _ in try await db.save() }, .send(.saved))
  /// ```
  ///
  /// If the concatenation is cancelled, the running effect is cancelled and the rest never start.
  ///
  /// - Parameters:
  ///   - effects: The effects to run in order.
  /// - Returns: An effect that finishes when the last of them has finished.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs an array of effects one after another.
  ///
  /// <!-- example: in effect-return -->
  /// ```swift
  /// return .concatenate(steps.map { step in .run { _ in try await step() } })
  /// ```
  ///
  /// - Parameters:
  ///   - effects: The effects to run in order.
  /// - Returns: An effect that finishes when the last of them has finished.
  @inlinable
  public static func concatenate(_ effects: [Self]) -> Self {
    // Concatenation is associative, so a nested one is spliced in: a chain built one
    // `concatenate(with:)` at a time stays one flat list, however long it grows.
    flattening(effects) {
      if case .concatenate(let children) = $0 { children } else { nil }
    } makingGroup: {
      .concatenate($0)
    }
  }

  /// One effect for `effects`, without the `.none`s and with the children of every effect
  /// `nested` opens spliced in: `.none` when none is left, the effect itself when one is, and
  /// the group `makingGroup` makes otherwise. An array that needs neither is kept as it is.
  @inlinable
  static func flattening(
    _ effects: [Self], nested: (Operation) -> [Self]?, makingGroup: ([Self]) -> Operation
  ) -> Self {
    var flat = effects
    if effects.contains(where: { $0.isNone || nested($0.operation) != nil }) {
      flat = []
      flat.reserveCapacity(effects.count)
      for effect in effects where !effect.isNone {
        if let children = nested(effect.operation) {
          flat.append(contentsOf: children)
        } else {
          flat.append(effect)
        }
      }
    }
    switch flat.count {
    case 0: return .none
    case 1: return flat[0]
    default: return Self(operation: makingGroup(flat))
    }
  }

  /// Returns an effect that runs this effect and then `next`.
  ///
  /// <!-- example: in effect-return -->
  /// ```swift
  /// return save.concatenate(with: .send(.saved))
  /// ```
  ///
  /// The result is one flat list of steps, however long the chain grows. Each call copies that
  /// list, so build a long sequence as `.concatenate(steps)` over an array rather than with one
  /// call per step.
  ///
  /// - Parameters:
  ///   - next: The effect to run once this one has finished.
  /// - Returns: The concatenated effect.
  @inlinable
  public func concatenate(with next: Self) -> Self {
    .concatenate(self, next)
  }

  /// Whether this effect does nothing.
  ///
  /// <!-- example: given reducer: Reducer<Counter.State, Counter.Action, Counter.Environment>, state: inout Counter.State, environment: Counter.Environment -->
  /// ```swift
  /// #expect(reducer.reduce(into: &state, action: .incrementTapped, environment: environment).isNone)
  /// ```
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

extension Effect {
  /// What an effect does. Indirect, so that an effect is one pointer wide and `.none` (the
  /// common case) is copied and destroyed without touching the runtime.
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectID)
    /// Dismisses the screen of the reducer that returned it; where that reducer's effect was
    /// written, and whether it came up through a composition (`map`) rather than from the
    /// store's own reducer: only the store's own can be a feature tested alone dismissing itself.
    case dismiss(SourceCodeLocation, nested: Bool)
    /// An effect a presenting reducer started, tied to the presentations of the child slot
    /// `slot` (whose operator is `owner`): once that slot's child is dismissed, its actions for
    /// the child are refused. Otherwise it is the effect it wraps.
    case watch(slot: EffectID, owner: ChildLifetime, Effect)
  }

  @usableFromInline
  struct Run: Sendable {
    let name: String?
    let priority: TaskPriority?
    let operation: @Sendable (Send<Action>) async throws -> Void
    let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  }
}
