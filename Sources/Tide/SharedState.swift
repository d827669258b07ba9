/// A state that holds ``Shared`` values, and lists them, so that the operators that compose its
/// feature keep its copies and the others equal.
///
/// ```swift
/// struct Place: Equatable, Sendable { var name: String }
/// struct Home: Equatable, SharedState {
///   var saved = Shared(key: "saved", default: [Place]())
///   var greeting = "Hello"
///   static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
/// }
/// ```
///
/// List every `Shared` field the state holds itself; the states of its children list theirs.
public protocol SharedState {
  /// The state's own `Shared` fields.
  static var sharedFields: [SharedField<Self>] { get }
}

/// One `Shared` field of a state, as ``SharedState/sharedFields`` lists it.
///
/// <!-- example: given saved: SharedField<Search.State> -->
/// ```swift
/// let fields: [SharedField<Search.State>] = [saved]
/// ```
public struct SharedField<State>: Sendable {
  /// Notes the field's copy among the copies found.
  @usableFromInline let collect: @Sendable (State, inout SharedCopies) -> Void
  /// Whether the field's copy is older than the newest of its key: checked before writing, so
  /// that a state whose copies are all current is not written (a write through a collection
  /// would copy it).
  @usableFromInline let isOutdated: @Sendable (State, SharedCopies) -> Bool
  /// Gives the field's copy the value of its key, when it must be written.
  @usableFromInline let apply: @Sendable (inout State, SharedCopies) -> Void
  /// Keeps the field's copy, when it changed, in the step's changes: what carries a change
  /// made by a screen that the same step removes to the copies that remain.
  @usableFromInline let stash: @Sendable (State, SharedStep) -> Void
  /// For a field that holds at most one copy (not the elements of a collection): whether its
  /// copy, were it the only one of its key, would need nothing from a sync. `nil` for a field
  /// that can hold several.
  @usableFromInline let isSettledAlone: (@Sendable (State) -> Bool)?

  @usableFromInline
  init(
    collect: @escaping @Sendable (State, inout SharedCopies) -> Void,
    isOutdated: @escaping @Sendable (State, SharedCopies) -> Bool,
    apply: @escaping @Sendable (inout State, SharedCopies) -> Void,
    stash: @escaping @Sendable (State, SharedStep) -> Void,
    isSettledAlone: (@Sendable (State) -> Bool)?
  ) {
    self.collect = collect
    self.isOutdated = isOutdated
    self.apply = apply
    self.stash = stash
    self.isSettledAlone = isSettledAlone
  }

  /// The field at `keyPath`.
  ///
  /// ```swift
  /// struct Home: SharedState {
  ///   var saved = Shared(key: "saved", default: [String]())
  ///   static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
  /// }
  /// ```
  ///
  /// A shared value whose own type is `SharedState` has the copies it lists kept in step too: a
  /// `Shared<Profile>` whose `Profile` holds a `Shared<Stats>` and lists it.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  /// - Returns: The entry for `sharedFields`.
  @inlinable
  public static func field<Value>(
    _ keyPath: any WritableKeyPath<State, Shared<Value>> & Sendable
  ) -> Self {
    if let inner = SharedSync<Value>.own(Value.self) {
      return nested(InlineKeyPath(keyPath), inner.fields)
    }
    // Inlinable, so that each state's closures are specialized for its types, and reach the
    // field by its offset when it has one: a key path applied through the runtime, and generic
    // code that looks up `Shared<Value>`'s metadata on each call, cost a step at a root with one
    // copy ten times what the rest of the step did.
    let field = InlineKeyPath(keyPath)
    return Self(
      collect: { state, copies in copies.note(field.read(state)) },
      isOutdated: { state, copies in copies.isOutdated(field.read(state)) },
      apply: { state, copies in
        // Written only when outdated: a write through a computed property would run its setter.
        if copies.isOutdated(field.read(state)) { field.modify(&state) { copies.update(&$0) } }
      },
      stash: { state, step in step.keep(field.read(state)) },
      isSettledAlone: { state in field.reading(state) { $0.isSettled } })
  }

  /// The field at `field`, whose value lists copies of its own (`inner`): they are collected,
  /// compared and given their keys' values with the others, inside the copy's value, which
  /// takes them without counting as a change to it.
  @usableFromInline
  static func nested<Value>(
    _ field: InlineKeyPath<State, Shared<Value>>, _ inner: [SharedField<Value>]
  ) -> Self {
    Self(
      collect: { state, copies in
        let copy = field.read(state)
        copies.note(copy)
        for innerField in inner { innerField.collect(copy.value, &copies) }
      },
      isOutdated: { state, copies in
        let copy = field.read(state)
        return copies.isOutdated(copy) || inner.contains { $0.isOutdated(copy.value, copies) }
      },
      apply: { state, copies in
        if copies.isOutdated(field.read(state)) { field.modify(&state) { copies.update(&$0) } }
        let value = field.read(state).value
        guard inner.contains(where: { $0.isOutdated(value, copies) }) else { return }
        field.modify(&state) { copy in
          for innerField in inner { innerField.apply(&copy.storage, copies) }
        }
      },
      stash: { state, step in
        let copy = field.read(state)
        step.keep(copy)
        for innerField in inner { innerField.stash(copy.value, step) }
      },
      isSettledAlone: nil)
  }
}
