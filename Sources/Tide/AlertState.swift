import TideInspect

/// An alert as state: a title, a message and buttons, each with the feature action it sends.
///
/// Keep it in an optional field of the state and present it with the `ifLet` that takes no child
/// reducer; the alert is then equatable, printed and diffed like the rest of the state, and a
/// test asserts it exactly. A button's action arrives as `.presented(action)` through the
/// alert's ``PresentationAction``, and the alert is dismissed in the same step.
///
/// ```swift
/// enum AlertAction: Sendable, Equatable { case confirmDeletion }
/// let alert = AlertState<AlertAction>(
///   title: "Delete “Home”?", message: "It will be removed from every list."
/// ) {
///   ButtonState(role: .destructive, "Delete", action: .confirmDeletion)
///   ButtonState(role: .cancel, "Cancel")
/// }
/// print(alert.buttons.count)  // 2
/// ```
///
/// An alert with no buttons shows the platform's single "OK" button, which dismisses it.
public struct AlertState<Action: Sendable>: Sendable {
  /// The alert's title.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in the order they are shown.
  public var buttons: [ButtonState<Action>]

  /// An alert.
  ///
  /// <!-- example: in place-state -->
  /// ```swift
  /// state.alert = AlertState(title: "Couldn’t save", message: error.message)
  /// ```
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons, in order; none shows the platform's "OK".
  public init(
    title: String, message: String? = nil,
    @ButtonStateBuilder<Action> buttons: () -> [ButtonState<Action>] = { [] }
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons()
  }
}

extension AlertState {
  /// An alert with a list of buttons, as a test's suggested expectation writes one.
  ///
  /// <!-- example: in place-alert -->
  /// ```swift
  /// AlertState(title: "Delete?", message: nil, buttons: [ButtonState(role: .cancel, "Cancel")])
  /// ```
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons, in order; none shows the platform's "OK".
  public init(title: String, message: String?, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: SourceExpressible {
  /// The alert as Swift code, for a test's suggested expectation:
  /// `AlertState(title: "Delete?", message: nil, buttons: [ButtonState(role: .cancel, "Cancel")])`.
  public var sourceExpression: SourceExpression {
    SourceExpression("AlertState", ["title": title, "message": message as Any, "buttons": buttons])
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Encodable where Action: Encodable {}
extension AlertState: Decodable where Action: Decodable {}
