/// A state that holds ``Shared`` values, and lists them, so that the operators that compose its
/// feature keep its copies and the others equal.
///
/// ```swift
/// struct Place: Equatable, Sendable { var name: String }
/// struct Home: Equatable, SharedState {
///   var saved = Shared(key: "saved", value: [Place]())
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
  let collect: @Sendable (State, inout SharedCopies) -> Void
  /// Whether the field's copy is older than the newest of its key: checked before writing, so
  /// that a state whose copies are all current is not written (a write through a collection
  /// would copy it).
  let isOutdated: @Sendable (State, SharedCopies) -> Bool
  /// Gives the field's copy the newest value of its key, when it is older.
  let apply: @Sendable (inout State, SharedCopies) -> Void

  init(
    collect: @escaping @Sendable (State, inout SharedCopies) -> Void,
    isOutdated: @escaping @Sendable (State, SharedCopies) -> Bool,
    apply: @escaping @Sendable (inout State, SharedCopies) -> Void
  ) {
    self.collect = collect
    self.isOutdated = isOutdated
    self.apply = apply
  }

  /// The field at `keyPath`.
  ///
  /// ```swift
  /// struct Home: SharedState {
  ///   var saved = Shared(key: "saved", value: [String]())
  ///   static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  /// - Returns: The entry for `sharedFields`.
  public static func field<Value>(
    _ keyPath: any WritableKeyPath<State, Shared<Value>> & Sendable
  ) -> Self {
    Self(
      collect: { state, copies in copies.note(state[keyPath: keyPath]) },
      isOutdated: { state, copies in copies.isOutdated(state[keyPath: keyPath]) },
      apply: { state, copies in
        if copies.isOutdated(state[keyPath: keyPath]) { copies.update(&state[keyPath: keyPath]) }
      })
  }
}
