/// A type that hides some of its contents whenever Tide prints it: in test failures, in the REPL,
/// in effect descriptions and logs.
///
/// For a struct or class, name the properties to hide; for an enum, name the cases whose
/// associated values to hide. A redacted string prints as `"••••••"`, any other value as
/// `••••••`. Diffs still say *that* a redacted value changed, never what it is.
///
/// ```swift
/// struct State: Equatable, Redacting {
///   var username = ""
///   var password = ""
///   static let redactedLabels: Set<String> = ["password"]
/// }
/// enum Action: Redacting {
///   case usernameChanged(String)
///   case passwordChanged(String)
///   static let redactedLabels: Set<String> = ["passwordChanged"]
/// }
/// // State(username: "pritesh", password: "••••••")
/// // .passwordChanged("••••••")
/// ```
public protocol Redacting {
  /// The property names (for structs and classes) or case names (for enums) to hide.
  static var redactedLabels: Set<String> { get }
}

/// A type that presents a different value when Tide prints it.
///
/// Use it for wrappers whose stored layout is noise, such as a collection stored as a dictionary
/// and an order array, to print them as what they mean.
///
/// <!-- example: in identified-list -->
/// ```swift
/// extension IdentifiedList: CustomInspectable {
///   var inspectionValue: Any { Array(self) }
/// }
/// ```
public protocol CustomInspectable {
  /// The value to print in place of this one.
  var inspectionValue: Any { get }
}
