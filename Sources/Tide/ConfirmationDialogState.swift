import TideInspect

/// A confirmation dialog (an action sheet) as state: a title, a message and buttons, each with
/// the feature action it sends.
///
/// It works as ``AlertState`` does: an optional field of the state, presented with the `ifLet`
/// that takes no child reducer, compared and printed like the rest of the state; a button's action
/// arrives as `.presented(action)` and dismisses the dialog in the same step.
///
/// ```swift
/// enum DialogAction: Sendable, Equatable { case share, delete }
/// let dialog = ConfirmationDialogState<DialogAction>(title: "Home", titleVisibility: .visible) {
///   ButtonState("Share", action: .share)
///   ButtonState(role: .destructive, "Delete", action: .delete)
///   ButtonState(role: .cancel, "Cancel")
/// }
/// print(dialog.buttons.map(\.label))  // ["Share", "Delete", "Cancel"]
/// ```
public struct ConfirmationDialogState<Action: Sendable>: Sendable {
  /// Whether a dialog shows its title.
  public enum TitleVisibility: String, Sendable, Equatable, Hashable, Codable {
    /// As the platform decides.
    case automatic
    /// Always shown.
    case visible
    /// Never shown.
    case hidden
  }

  /// The dialog's title.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: TitleVisibility
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in the order they are shown.
  public var buttons: [ButtonState<Action>]

  /// A confirmation dialog.
  ///
  /// <!-- example: in place-state -->
  /// ```swift
  /// state.dialog = ConfirmationDialogState(title: place.name) {
  ///   ButtonState(role: .destructive, "Delete", action: .delete)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The dialog's title.
  ///   - titleVisibility: Whether the title is shown.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons, in order.
  public init(
    title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
    @ButtonStateBuilder<Action> buttons: () -> [ButtonState<Action>] = { [] }
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons()
  }
}

extension ConfirmationDialogState {
  /// A dialog with a list of buttons, as a test's suggested expectation writes one.
  ///
  /// <!-- example: in place-dialog -->
  /// ```swift
  /// ConfirmationDialogState(
  ///   title: "Home", titleVisibility: .visible, message: nil,
  ///   buttons: [ButtonState(role: .destructive, "Delete", action: .delete)])
  /// ```
  ///
  /// - Parameters:
  ///   - title: The dialog's title.
  ///   - titleVisibility: Whether the title is shown.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons, in order.
  public init(
    title: String, titleVisibility: TitleVisibility, message: String?,
    buttons: [ButtonState<Action>]
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: SourceExpressible {
  /// The dialog as Swift code, for a test's suggested expectation.
  public var sourceExpression: SourceExpression {
    SourceExpression(
      "ConfirmationDialogState",
      [
        "title": title, "titleVisibility": titleVisibility, "message": message as Any,
        "buttons": buttons,
      ])
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Encodable where Action: Encodable {}
extension ConfirmationDialogState: Decodable where Action: Decodable {}
