import TideRecord

/// Parses Swift-syntax values: enum cases with positional or labelled payloads, struct literals,
/// arrays, strings with escapes and Unicode, numbers, Booleans, `nil` and key paths without
/// their root (`\.name`, as a binding action names its field).
///
/// Values nest at most ``maximumDepth`` levels, so a line of a thousand `(` is an error, not a
/// stack overflow.
///
/// It reads Unicode scalars, as Swift's own lexer does, not characters: a combining mark after a
/// quote (`"\u{301}…"`) must not hide the quote. Positions count scalars.
package struct ExpressionParser {
  /// The deepest a value may nest: the inspector prints 100 levels, and no feature's action
  /// comes near it.
  package static let maximumDepth = 100

  private let characters: [Unicode.Scalar]
  private var index = 0
  private var depth = 0

  package init(_ text: String) {
    characters = Array(text.unicodeScalars)
  }

  /// Parses a whole line as one expression.
  package static func parse(_ text: String) throws(InputError) -> Expression {
    var parser = ExpressionParser(text)
    parser.skipSpaces()
    let expression = try parser.expression()
    parser.skipSpaces()
    guard parser.index == parser.characters.count else {
      throw InputError(
        message: "unexpected \(parser.describeCurrent()) after the value", position: parser.index)
    }
    return expression
  }

  private mutating func expression() throws(InputError) -> Expression {
    skipSpaces()
    let start = index
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw InputError(
        message: "the value nests deeper than \(Self.maximumDepth) levels", position: index)
    }
    guard let character = current else {
      throw InputError(message: "expected a value, found the end of the line", position: index)
    }
    switch character {
    case ".":
      index += 1
      guard let name = identifier() else {
        throw InputError(message: "expected a case name after '.'", position: index)
      }
      skipSpaces()
      if current == "(" {
        return .member(name: name, arguments: try arguments(), position: start)
      }
      return .member(name: name, arguments: nil, position: start)
    case "\"":
      return .string(try string(), position: start)
    case "[":
      return try array()
    case "(":
      return .call(type: nil, arguments: try arguments(), position: start)
    case "\\":
      return try keyPath()
    case "-":
      return try number()
    case "0"..."9":
      return try number()
    default:
      guard let name = qualifiedIdentifier() else {
        throw InputError(
          message:
            "expected a value (like .caseName, \"text\", 42 or [ ]), found \(describeCurrent())",
          position: index)
      }
      switch name {
      case "true": return .boolean(true, position: start)
      case "false": return .boolean(false, position: start)
      case "nil": return .null(position: start)
      default:
        skipSpaces()
        guard current == "(" else {
          throw InputError(
            message: "expected '(' after \(name), or a '.' before a case name", position: index)
        }
        let arguments = try arguments()
        // A UUID prints as `UUID(uuidString: "…")!` (as Swift writes one): read back, it is
        // the string a UUID decodes from, so what the REPL prints can be typed again.
        if name == "UUID", current == "!", arguments.count == 1,
          arguments[0].label == "uuidString", case .string(let text, _) = arguments[0].value
        {
          index += 1
          return .string(text, position: start)
        }
        // A failable initialiser's `!`, as the REPL prints `URL(string: "…")!`: read as the call.
        if current == "!" { index += 1 }
        return .call(type: name, arguments: arguments, position: start)
      }
    }
  }

  /// `\.name` or `\.address.city`, the root left out: what a binding action names its field with.
  private mutating func keyPath() throws(InputError) -> Expression {
    let start = index
    index += 1  // \
    var names: [String] = []
    repeat {
      guard current == "." else {
        throw InputError(
          message: "expected '.' after '\\': a key path is written like \\.name", position: index)
      }
      index += 1
      guard let name = identifier() else {
        throw InputError(message: "expected a property name after '.'", position: index)
      }
      names.append(name)
    } while current == "."
    return .keyPath(names, position: start)
  }

  /// `( [label:] value, … )`
  private mutating func arguments() throws(InputError) -> [Expression.Argument] {
    let open = index
    index += 1  // (
    var arguments: [Expression.Argument] = []
    skipSpaces()
    if current == ")" {
      index += 1
      return arguments
    }
    while true {
      skipSpaces()
      var label: String?
      let mark = index
      if let name = identifier() {
        skipSpaces()
        if current == ":" {
          index += 1
          label = name
        } else {
          index = mark
        }
      }
      arguments.append(
        Expression.Argument(
          label: label, value: try expression(), labelPosition: label == nil ? nil : mark))
      skipSpaces()
      switch current {
      case ",": index += 1
      case ")":
        index += 1
        return arguments
      case nil:
        throw InputError(
          message: "expected ')' to close the '(' at column \(open + 1)", position: index)
      default:
        throw InputError(
          message: "expected ',' or ')' after an argument, found \(describeCurrent())",
          position: index)
      }
    }
  }

  private mutating func array() throws(InputError) -> Expression {
    let start = index
    index += 1
    var elements: [Expression] = []
    skipSpaces()
    if current == "]" {
      index += 1
      return .array(elements, position: start)
    }
    while true {
      elements.append(try expression())
      skipSpaces()
      switch current {
      case ",":
        index += 1
        skipSpaces()
        if current == "]" {
          index += 1
          return .array(elements, position: start)
        }
      case "]":
        index += 1
        return .array(elements, position: start)
      case nil:
        throw InputError(
          message: "expected ']' to close the '[' at column \(start + 1)", position: index)
      default:
        throw InputError(
          message: "expected ',' or ']' in the array, found \(describeCurrent())", position: index)
      }
    }
  }

  private mutating func string() throws(InputError) -> String {
    let start = index
    index += 1
    var result = ""
    while let character = current {
      index += 1
      switch character {
      case "\"":
        return result
      case "\\":
        guard let escaped = current else { break }
        index += 1
        switch escaped {
        case "n": result.unicodeScalars.append("\n")
        case "t": result.unicodeScalars.append("\t")
        case "r": result.unicodeScalars.append("\r")
        case "0": result.unicodeScalars.append("\0")
        case "\"", "\\", "'": result.unicodeScalars.append(escaped)
        case "u":
          result.unicodeScalars.append(try unicodeEscape(at: index - 2))
        default:
          throw InputError(
            message: "unknown escape in a string (use \\n, \\t, \\\", \\\\ or \\u{…})",
            position: index - 2)
        }
      default:
        result.unicodeScalars.append(character)
      }
    }
    throw InputError(
      message: "unterminated string: add a closing '\"'", position: start)
  }

  private mutating func unicodeEscape(at start: Int) throws(InputError) -> Unicode.Scalar {
    guard current == "{" else {
      throw InputError(message: "expected '{' after \\u", position: index)
    }
    index += 1
    var hex = ""
    while let character = current, character != "}" {
      hex.unicodeScalars.append(character)
      index += 1
    }
    guard current == "}" else {
      throw InputError(message: "expected '}' to close \\u{", position: index)
    }
    index += 1
    guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
      // The message does not quote the digits: strings can hold secrets.
      throw InputError(
        message: "\\u{…} needs 1 to 8 hex digits naming a Unicode scalar", position: start)
    }
    return scalar
  }

  /// `42`, `-7`, `1_000`, `0.5`, `1e-05`, `-2.5E+16`, and `-.infinity` (`.infinity` and
  /// `.nan` are case names, which a floating-point value decodes from).
  private mutating func number() throws(InputError) -> Expression {
    let start = index
    var text = ""
    if current == "-" {
      text.append("-")
      index += 1
      if current == "." {
        index += 1
        guard identifier() == "infinity" else {
          throw InputError(message: "expected a number after '-'", position: start)
        }
        return .decimal(-.infinity, position: start)
      }
    }
    guard appendDigits(to: &text) else {
      throw InputError(message: "expected a number after '-'", position: start)
    }
    var isWhole = true
    if current == ".", index + 1 < characters.count, characters[index + 1].isASCIIDigit {
      text.append(".")
      index += 1
      _ = appendDigits(to: &text)
      isWhole = false
    }
    if current == "e" || current == "E" {
      text.append("e")
      index += 1
      if let sign = current, sign == "+" || sign == "-" {
        text.unicodeScalars.append(sign)
        index += 1
      }
      guard appendDigits(to: &text) else {
        throw InputError(
          message: "'\(text)' is not a number: the exponent needs digits, as in 1e-3",
          position: start)
      }
      isWhole = false
    }
    if let next = current, next.isWordPart || next == "." {
      // Quote the whole word: `1.2.3`, `12abc`.
      var word = String(String.UnicodeScalarView(characters[start..<index]))
      while let character = current, character.isWordPart || character == "." {
        word.unicodeScalars.append(character)
        index += 1
      }
      throw InputError(message: "'\(word)' is not a number", position: start)
    }
    if isWhole { return .integer(text, position: start) }
    guard let value = Double(text), value.isFinite else {
      throw InputError(
        message: "'\(text)' is too large for a number (write .infinity for infinity)",
        position: start)
    }
    return .decimal(value, position: start)
  }

  /// Appends the ASCII digits at the cursor to `text`, skipping `_` separators; returns whether
  /// there was at least one digit.
  private mutating func appendDigits(to text: inout String) -> Bool {
    var any = false
    while let character = current, character.isASCIIDigit || (any && character == "_") {
      if character != "_" { text.unicodeScalars.append(character) }
      any = true
      index += 1
    }
    return any
  }

  private mutating func identifier() -> String? {
    guard let first = current, first.isWordStart else { return nil }
    var name = ""
    while let character = current, character.isWordPart {
      name.unicodeScalars.append(character)
      index += 1
    }
    return name
  }

  /// `Name` or `Module.Type.Name`, for struct literals.
  private mutating func qualifiedIdentifier() -> String? {
    guard var name = identifier() else { return nil }
    while current == ".", index + 1 < characters.count, characters[index + 1].isWordStart {
      index += 1
      name += "." + (identifier() ?? "")
    }
    name += genericArguments()
    return name
  }

  /// `<Array<String>>` after a type's name, as the REPL prints `Shared<Array<String>>(…)`: the
  /// arguments as written (a type is read by its decoder, not by its name), or nothing when
  /// the brackets are not a balanced run of names, dots, commas and spaces.
  private mutating func genericArguments() -> String {
    guard current == "<" else { return "" }
    let start = index
    var depth = 0
    while let character = current {
      if character == "<" {
        depth += 1
      } else if character == ">" {
        depth -= 1
        if depth == 0 {
          index += 1
          return String(String.UnicodeScalarView(characters[start..<index]))
        }
      } else if !(character.isWordStart || character.isASCIIDigit || character == "."
        || character == "," || character == " " || character == "?" || character == "["
        || character == "]" || character == ":")
      {
        break
      }
      index += 1
    }
    index = start
    return ""
  }

  private var current: Unicode.Scalar? {
    index < characters.count ? characters[index] : nil
  }

  private mutating func skipSpaces() {
    while let character = current, character.properties.isWhitespace { index += 1 }
  }

  private func describeCurrent() -> String {
    guard let current else { return "the end of the line" }
    return "'\(current)'"
  }
}

extension Unicode.Scalar {
  /// `0` to `9` only.
  package var isASCIIDigit: Bool { ("0"..."9").contains(self) }

  /// A letter or `_`: what a name starts with.
  package var isWordStart: Bool { properties.isAlphabetic || self == "_" }

  /// A letter, digit, combining mark or `_`: what a name goes on with.
  package var isWordPart: Bool {
    isWordStart || properties.numericType != nil || properties.generalCategory == .nonspacingMark
  }
}
