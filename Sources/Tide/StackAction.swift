/// The actions of a navigation stack, as its parent's action carries them: a screen's own
/// actions by identifier, popping, and pushing.
///
/// A parent declares one case for its stack and composes the screens with the `forEach` that
/// takes a ``StackState`` and a ``StackAction``:
///
/// ```swift
/// enum Detail {
///   enum Action: Sendable, Equatable { case deleteTapped }
/// }
/// enum Places {
///   enum Action: Sendable, Equatable {
///     case path(StackAction<String, Detail.Action>)
///   }
/// }
/// let action = Places.Action.path(.element(id: 1, action: .deleteTapped))
/// print(action == .path(.element(id: 1, action: .deleteTapped)))  // true
/// ```
public enum StackAction<State: Sendable, Action: Sendable>: Sendable {
  /// An action of the screen with this identifier.
  case element(id: StackElementID, action: Action)
  /// Pops the screen with this identifier and every screen above it (a back button, a swipe, or
  /// the screen's own ``Effect/dismiss(fileID:filePath:line:column:)``).
  case popFrom(id: StackElementID)
  /// Pushes a screen with this identifier, which must be above every one the stack has given and
  /// at most ``StackElementID/largest``: what a navigation link sends. A reducer pushes by
  /// appending to the ``StackState``.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Encodable where State: Encodable, Action: Encodable {}
extension StackAction: Decodable where State: Decodable, Action: Decodable {}
