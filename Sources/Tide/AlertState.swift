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
///
/// Each alert made is another alert, even when equal to one shown: a button's action that shows
/// one in place of the alert it was on keeps it shown. That is all the difference there is:
/// equality, hashing, printing and coding look at the title, message and buttons only.
public struct AlertState<Action: Sendable>: Sendable {
  /// The alert's title.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in the order they are shown.
  public var buttons: [ButtonState<Action>]
  /// Which one this is among equal ones (see ``PresentationToken``); not part of the value.
  @usableFromInline let token = PresentationToken()

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

// Equality, hashing, coding and printing are the fields', without the token.

extension AlertState: Equatable where Action: Equatable {
  /// Whether two have the same fields.
  ///
  /// - Parameters:
  ///   - lhs: One.
  ///   - rhs: The other.
  /// - Returns: Whether their fields are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension AlertState: Hashable where Action: Hashable {
  /// Hashes the fields.
  ///
  /// - Parameters:
  ///   - hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension AlertState {
  private enum CodingKeys: String, CodingKey {
    case title
    case message
    case buttons
  }
}

extension AlertState: Encodable where Action: Encodable {}
extension AlertState: Decodable where Action: Decodable {
  /// Reads one from its fields.
  ///
  /// - Parameters:
  ///   - decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    buttons = try container.decode([ButtonState<Action>].self, forKey: .buttons)
  }
}

extension AlertState: CustomReflectable {
  /// Its fields.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["title": title, "message": message as Any, "buttons": buttons],
      displayStyle: .struct)
  }
}
