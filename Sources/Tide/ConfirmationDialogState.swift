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
  /// Which one this is among equal ones (see ``PresentationToken``); not part of the value.
  @usableFromInline let token = PresentationToken()

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

// Equality, hashing, coding and printing are the fields', without the token.

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Whether two have the same fields.
  ///
  /// - Parameters:
  ///   - lhs: One.
  ///   - rhs: The other.
  /// - Returns: Whether their fields are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the fields.
  ///
  /// - Parameters:
  ///   - hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension ConfirmationDialogState {
  private enum CodingKeys: String, CodingKey {
    case title
    case titleVisibility
    case message
    case buttons
  }
}

extension ConfirmationDialogState: Encodable where Action: Encodable {}
extension ConfirmationDialogState: Decodable where Action: Decodable {
  /// Reads one from its fields.
  ///
  /// - Parameters:
  ///   - decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    titleVisibility = try container.decode(TitleVisibility.self, forKey: .titleVisibility)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    buttons = try container.decode([ButtonState<Action>].self, forKey: .buttons)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  /// Its fields.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "title": title, "titleVisibility": titleVisibility, "message": message as Any,
        "buttons": buttons,
      ], displayStyle: .struct)
  }
}
