import TideInspect

/// A button of an ``AlertState`` or a ``ConfirmationDialogState``: its label, its role, and the
/// action it sends.
///
/// A button is a value, compared, printed and diffed like the rest of the state. Tapping it sends
/// `.presented(action)` through the alert's ``PresentationAction``, which dismisses the alert; a
/// button without an action only dismisses it (`.dismiss`).
///
/// ```swift
/// enum AlertAction: Sendable, Equatable { case confirmDeletion }
/// let delete = ButtonState(role: .destructive, "Delete", action: AlertAction.confirmDeletion)
/// print(delete.label, delete.role == .destructive)  // Delete true
/// ```
public struct ButtonState<Action: Sendable>: Sendable {
  /// What a button does, for the platform to style and place it.
  public enum Role: String, Sendable, Equatable, Hashable, Codable {
    /// Closes the alert without doing anything: placed and styled as a cancel button.
    case cancel
    /// Deletes or discards something: styled as destructive.
    case destructive
  }

  /// The button's role, or `nil` for an ordinary button.
  public var role: Role?
  /// The button's title.
  public var label: String
  /// The action tapping it sends, or `nil` when it only dismisses.
  public var action: Action?

  /// A button.
  ///
  /// <!-- example: in place-button -->
  /// ```swift
  /// ButtonState(role: .cancel, "Keep editing")
  /// ```
  ///
  /// - Parameters:
  ///   - role: The button's role, or `nil` for an ordinary button.
  ///   - label: The button's title.
  ///   - action: The action tapping it sends, or `nil` when it only dismisses.
  public init(role: Role? = nil, _ label: String, action: Action? = nil) {
    self.role = role
    self.label = label
    self.action = action
  }

  /// What tapping the button sends to its alert's presentation: `.presented(action)`, or
  /// `.dismiss` for a button without an action. A view sends it; so can a test or a REPL.
  ///
  /// ```swift
  /// enum AlertAction: Sendable, Equatable { case confirmDeletion }
  /// let cancel = ButtonState<AlertAction>(role: .cancel, "Cancel")
  /// print(cancel.tapAction == .dismiss)  // true
  /// ```
  public var tapAction: PresentationAction<Action> {
    action.map { .presented($0) } ?? .dismiss
  }
}

extension ButtonState: SourceExpressible {
  /// The button as Swift code, as its initializer writes it:
  /// `ButtonState(role: .destructive, "Delete", action: .delete)`.
  public var sourceExpression: SourceExpression {
    var arguments: [(label: String, value: Any)] = []
    if let role { arguments.append((label: "role", value: role)) }
    arguments.append((label: "", value: label))
    if let action { arguments.append((label: "action", value: action)) }
    return SourceExpression("ButtonState", arguments: arguments)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Encodable where Action: Encodable {}
extension ButtonState: Decodable where Action: Decodable {}

/// Builds the buttons of an ``AlertState`` or a ``ConfirmationDialogState`` from a list of
/// ``ButtonState`` values, with `if`, `switch` and `for` as in any result builder.
///
/// ```swift
/// enum AlertAction: Sendable, Equatable { case retry }
/// let canRetry = true
/// let alert = AlertState<AlertAction>(title: "The search failed") {
///   if canRetry { ButtonState("Retry", action: .retry) }
///   ButtonState(role: .cancel, "OK")
/// }
/// print(alert.buttons.map(\.label))  // ["Retry", "OK"]
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action: Sendable> {
  /// One button.
  ///
  /// - Parameters:
  ///   - button: The button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// The buttons of a block, in order.
  ///
  /// - Parameters:
  ///   - components: The buttons of each statement.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if` without `else`, or none.
  ///
  /// - Parameters:
  ///   - component: The buttons, when the condition held.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the first branch of an `if`-`else` or a `switch`.
  ///
  /// - Parameters:
  ///   - component: The branch's buttons.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the second branch of an `if`-`else` or a `switch`.
  ///
  /// - Parameters:
  ///   - component: The branch's buttons.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of a `for` loop, in order.
  ///
  /// - Parameters:
  ///   - components: The buttons of each pass.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
