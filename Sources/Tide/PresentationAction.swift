/// The actions of a presented child feature (a sheet, an alert, a pushed screen held in an
/// optional), as its parent's action carries them: the child's own actions, and its dismissal.
///
/// A parent declares one case for the child and composes the child with
/// ``Reducer/ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,PresentationAction<ChildAction>>,_,_,_,_,_,_)``,
/// which runs the child on `.presented` and dismisses it on `.dismiss`:
///
/// ```swift
/// enum Rename {
///   enum Action: Sendable, Equatable { case nameChanged(String), saveTapped }
/// }
/// enum Place {
///   enum Action: Sendable, Equatable {
///     case renameTapped
///     case rename(PresentationAction<Rename.Action>)
///   }
/// }
/// let action = Place.Action.rename(.presented(.nameChanged("Home")))
/// if case .rename(.presented(.nameChanged(let name))) = action { print(name) }  // Home
/// ```
///
/// A parent reacts to what its child does by matching the child's actions inside `.presented`,
/// and to the child going away by matching `.dismiss`.
public enum PresentationAction<Action: Sendable>: Sendable {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child: its state becomes `nil` and every effect it started is cancelled.
  ///
  /// A view sends it when the user closes the screen (a swipe, a system back button); the child
  /// asks for it with ``Effect/dismiss(fileID:filePath:line:column:)``.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Encodable where Action: Encodable {}
extension PresentationAction: Decodable where Action: Decodable {}

extension PresentationAction {
  /// The same presentation action with the child's action transformed: wraps an alert button's
  /// ``ButtonState/tapAction`` into the destination case that shows the alert.
  ///
  /// ```swift
  /// enum Alert: Sendable, Equatable { case confirmDeletion }
  /// enum Destination: Sendable, Equatable { case alert(Alert) }
  /// let button = ButtonState(role: .destructive, "Delete", action: Alert.confirmDeletion)
  /// print(button.tapAction.map(Destination.alert) == .presented(.alert(.confirmDeletion)))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - transform: A function from the child's action to another one.
  /// - Returns: `.presented(transform(action))`, or `.dismiss`.
  public func map<NewAction: Sendable>(
    _ transform: (Action) throws -> NewAction
  ) rethrows -> PresentationAction<NewAction> {
    switch self {
    case .presented(let action): .presented(try transform(action))
    case .dismiss: .dismiss
    }
  }
}
