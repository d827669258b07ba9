/// A value written in Swift syntax, as the REPL reads it: `.usernameChanged("pritesh")`,
/// `.select(index: 2)`, `User(name: "Ada", …)`, `[1, 2]`.
package indirect enum Expression: Equatable {
  /// `.name` or `.name(arguments)`.
  case member(name: String, arguments: [Argument]?, position: Int)
  /// `TypeName(arguments)` or a bare `(arguments)`.
  case call(type: String?, arguments: [Argument], position: Int)
  case string(String, position: Int)
  /// A whole number, as written (sign and digits, without `_`): it is converted to the type
  /// that decodes it, so `UInt64.max` and `Int8.min` both read exactly.
  case integer(String, position: Int)
  case decimal(Double, position: Int)
  case boolean(Bool, position: Int)
  case null(position: Int)
  case array([Expression], position: Int)
  /// `\.name` or `\.address.city`: the names after the root, which is left out.
  case keyPath([String], position: Int)

  package struct Argument: Equatable {
    let label: String?
    let value: Expression
    /// Where the label starts in the input, in characters; `nil` without a label.
    var labelPosition: Int? = nil
  }

  /// Where the expression starts in the input, in characters.
  package var position: Int {
    switch self {
    case .member(_, _, let position), .call(_, _, let position), .string(_, let position),
      .integer(_, let position), .decimal(_, let position), .boolean(_, let position),
      .null(let position), .array(_, let position), .keyPath(_, let position):
      position
    }
  }

  /// What kind of value this is, for messages: "a string", "`.loginButtonTapped`".
  package var kind: String {
    switch self {
    case .member(let name, _, _): "the case .\(name)"
    case .call(let type, _, _): type.map { English.withArticle($0) } ?? "a tuple"
    case .string: "a string"
    case .integer: "a whole number"
    case .decimal: "a number"
    case .boolean: "a Boolean"
    case .null: "nil"
    case .array: "an array"
    case .keyPath(let names, _): "the key path \\.\(names.joined(separator: "."))"
    }
  }
}
