/// Prints ``Node`` trees as JSON (see `Inspector.json(_:)`).
struct JSONRenderer {
  func write(_ node: Node, to output: inout String) {
    switch node {
    case .scalar(let text):
      writeScalar(text, to: &output)
    case .rootReference(let path):
      // Made only for source; written as the path, should it ever reach JSON.
      Self.writeString(path, to: &output)
    case .redacted:
      output += "null"
    case .elided:
      Self.writeString(Reflector.elided, to: &output)
    case .some(let wrapped):
      write(wrapped, to: &output)
    case .enumCase(_, let name, let payload):
      output += "{\"case\":"
      Self.writeString(name, to: &output)
      if payload.count == 1, payload[0].label == nil {
        output += ",\"value\":"
        write(payload[0].node, to: &output)
      } else if !payload.isEmpty {
        output += ",\"value\":"
        writeObject(payload, to: &output)
      }
      output += "}"
    case .structure(_, let fields), .expression(_, let fields, _, _), .tuple(let fields):
      writeObject(fields, to: &output)
    case .array(let elements), .set(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        write(element, to: &output)
      }
      output += "]"
    case .dictionary(let pairs):
      output += "["
      for (index, pair) in pairs.enumerated() {
        if index > 0 { output += "," }
        output += "["
        write(pair.key, to: &output)
        output += ","
        write(pair.value, to: &output)
        output += "]"
      }
      output += "]"
    case .unchanged(let box):
      write(box.node, to: &output)
    }
  }

  private func writeObject(_ fields: [Node.Field], to output: inout String) {
    output += "{"
    for (index, field) in fields.enumerated() {
      if index > 0 { output += "," }
      Self.writeString(field.label ?? String(index), to: &output)
      output += ":"
      write(field.node, to: &output)
    }
    output += "}"
  }

  private func writeScalar(_ text: String, to output: inout String) {
    if text == "nil" {
      output += "null"
    } else if text == "true" || text == "false" || Self.isJSONNumber(text) {
      output += text
    } else if text.hasPrefix("\""), let string = Self.unescapedSwiftString(text) {
      Self.writeString(string, to: &output)
    } else {
      Self.writeString(text, to: &output)
    }
  }

  /// Whether `text` is a number JSON spells the same way: `-12`, `0.5`, `1e-07`.
  static func isJSONNumber(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    func digits() -> Bool {
      let count = scalars.prefix(while: { ("0"..."9").contains($0) }).count
      scalars = scalars.dropFirst(count)
      return count > 0
    }
    if scalars.first == "-" { scalars = scalars.dropFirst() }
    if scalars.first == "0" {
      scalars = scalars.dropFirst()
    } else if !digits() {
      return false
    }
    if scalars.first == "." {
      scalars = scalars.dropFirst()
      guard digits() else { return false }
    }
    if scalars.first == "e" || scalars.first == "E" {
      scalars = scalars.dropFirst()
      if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
      guard digits() else { return false }
    }
    return scalars.isEmpty
  }

  /// The string a literal printed by `SwiftLiteral.string` stands for, or `nil` if `literal` is
  /// not one (an initializer call that starts with a string, say).
  static func unescapedSwiftString(_ literal: String) -> String? {
    let scalars = Array(literal.unicodeScalars)
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
    var result = String.UnicodeScalarView()
    var index = 1
    let end = scalars.count - 1
    while index < end {
      let scalar = scalars[index]
      if scalar == "\"" { return nil }
      guard scalar == "\\" else {
        result.append(scalar)
        index += 1
        continue
      }
      guard index + 1 < end else { return nil }
      let escaped = scalars[index + 1]
      index += 2
      switch escaped {
      case "\"": result.append("\"")
      case "\\": result.append("\\")
      case "n": result.append("\n")
      case "r": result.append("\r")
      case "t": result.append("\t")
      case "0": result.append("\0")
      case "u":
        guard index < end, scalars[index] == "{",
          let close = scalars[index..<end].firstIndex(of: "}"),
          let value = UInt32(
            String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
          let decoded = Unicode.Scalar(value)
        else { return nil }
        result.append(decoded)
        index = close + 1
      default: return nil
      }
    }
    return String(result)
  }

  /// Writes `string` as a JSON string: quotes, backslashes and controls escaped; everything
  /// else, Unicode included, as itself. Line and paragraph separators are escaped too, so the
  /// text is safe inside a `<script>` or an event-stream line.
  static func writeString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "<": output += "\\u003c"
      default:
        if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
