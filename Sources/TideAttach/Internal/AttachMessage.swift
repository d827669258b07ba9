import TideRecord

/// One line of the attach protocol: a JSON object on one line whose values are strings or whole
/// numbers, such as `{"type":"send","id":3,"action":".loginButtonTapped"}`.
///
/// Both ends read lines with ``parse(_:)`` and write them with ``line``: the server that serves a
/// store (``StoreServer``) and `tide attach`. The reader is strict and small on purpose: no
/// nesting, no `true`, `false` or `null`, no fractions, no field twice, nothing after the object;
/// each refusal says what and where. It needs nothing but the standard library, so the fuzzer
/// builds it with the one file it uses (`.ci/fuzz`).
package struct AttachMessage: Equatable, Sendable {
  /// A field's value.
  package enum Value: Equatable, Sendable {
    case string(String)
    case number(Int)
  }

  /// The fields, in the order they were written.
  package var fields: [(name: String, value: Value)]

  /// The most fields a message may have.
  package static let maximumFields = 16

  package init(_ fields: [(name: String, value: Value)]) {
    self.fields = fields
  }

  package static func == (lhs: AttachMessage, rhs: AttachMessage) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }

  /// The value of field `name`.
  package subscript(name: String) -> Value? {
    fields.first { $0.name == name }?.value
  }

  /// The message's `type` field, when it is a string.
  package var type: String? {
    if case .string(let type) = self["type"] { return type }
    return nil
  }

  /// The message as one line, newline included.
  package var line: [UInt8] {
    var text = "{"
    for (offset, field) in fields.enumerated() {
      if offset > 0 { text += "," }
      text += JSONQuoting.quoted(field.name) + ":"
      switch field.value {
      case .string(let string): text += JSONQuoting.quoted(string)
      case .number(let number): text += String(number)
      }
    }
    text += "}\n"
    return Array(text.utf8)
  }

  /// Why a line is not a message: what was wrong, and the byte (from 1) where it was found.
  package struct ParseError: Error, Equatable, Sendable {
    let message: String
    let column: Int

    /// `column 12: expected ':' after a field's name`.
    var description: String { "column \(column): \(message)" }
  }

  /// Reads one line, without its line end.
  ///
  /// - Parameter bytes: The line.
  /// - Returns: The message.
  /// - Throws: ``ParseError`` for anything but one flat JSON object of strings and whole numbers.
  package static func parse(_ bytes: some Collection<UInt8>) throws(ParseError) -> AttachMessage {
    var reader = Reader(bytes: Array(bytes))
    return try reader.message()
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func message() throws(ParseError) -> AttachMessage {
      skipSpace()
      guard peek == UInt8(ascii: "{") else {
        if bytes.isEmpty || index == bytes.count {
          throw fail("an empty line: each line is one JSON object, such as {\"type\":\"hello\",…}")
        }
        throw fail("a line is one JSON object, starting with '{'")
      }
      index += 1
      var fields: [(name: String, value: Value)] = []
      skipSpace()
      if peek == UInt8(ascii: "}") {
        index += 1
      } else {
        while true {
          skipSpace()
          guard peek == UInt8(ascii: "\"") else { throw fail("expected a field's name in quotes") }
          let nameColumn = index
          let name = try string()
          guard !fields.contains(where: { $0.name == name }) else {
            throw ParseError(
              message: "the field \(JSONQuoting.quoted(name)) is written twice",
              column: nameColumn + 1)
          }
          guard fields.count < AttachMessage.maximumFields else {
            throw ParseError(
              message: "a message has at most \(AttachMessage.maximumFields) fields",
              column: nameColumn + 1)
          }
          skipSpace()
          guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after a field's name") }
          index += 1
          skipSpace()
          fields.append((name, try value()))
          skipSpace()
          if peek == UInt8(ascii: ",") {
            index += 1
            continue
          }
          guard peek == UInt8(ascii: "}") else { throw fail("expected ',' or '}' after a value") }
          index += 1
          break
        }
      }
      skipSpace()
      guard index == bytes.count else { throw fail("nothing may follow the object on its line") }
      return AttachMessage(fields)
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func fail(_ message: String) -> ParseError {
      ParseError(message: message, column: index + 1)
    }

    mutating func skipSpace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 { index += 1 }
    }

    mutating func value() throws(ParseError) -> Value {
      switch peek {
      case UInt8(ascii: "\""):
        return .string(try string())
      case .some(UInt8(ascii: "-")), .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
        return .number(try number())
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        throw fail("values are strings or whole numbers; nothing is nested")
      case nil:
        throw fail("the line ends where a value should be")
      default:
        throw fail("values are strings or whole numbers (no true, false or null)")
      }
    }

    mutating func number() throws(ParseError) -> Int {
      let start = index
      if peek == UInt8(ascii: "-") { index += 1 }
      let digitsStart = index
      while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
      let digits = index - digitsStart
      if let byte = peek,
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
          || byte == UInt8(ascii: "E")
      {
        throw ParseError(message: "numbers are whole numbers", column: start + 1)
      }
      guard digits > 0 else { throw ParseError(message: "expected digits", column: start + 1) }
      guard digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
        throw ParseError(message: "a number does not start with 0", column: start + 1)
      }
      guard digits <= 15 else {
        throw ParseError(message: "a number has at most 15 digits", column: start + 1)
      }
      var value = 0
      for byte in bytes[digitsStart..<index] { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
      return bytes[start] == UInt8(ascii: "-") ? -value : value
    }

    mutating func string() throws(ParseError) -> String {
      let start = index
      index += 1  // the opening quote
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(upTo end: Int) throws(ParseError) {
        guard run < end else { return }
        guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
          throw ParseError(message: "a string is not valid UTF-8", column: run + 1)
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while true {
        guard let byte = peek else {
          throw ParseError(message: "a string is not closed: add '\"'", column: start + 1)
        }
        if byte == UInt8(ascii: "\"") {
          try flush(upTo: index)
          index += 1
          return String(scalars)
        }
        if byte < 0x20 {
          throw fail("a control character in a string must be escaped, as \\n or \\u0001")
        }
        guard byte == UInt8(ascii: "\\") else {
          index += 1
          continue
        }
        try flush(upTo: index)
        index += 1
        guard let escaped = peek else { throw fail("a string ends inside an escape") }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          let escapeStart = index - 2
          let high = try hex4()
          var scalar: Unicode.Scalar?
          if (0xD800...0xDBFF).contains(high) {
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count,
              bytes[index + 1] == UInt8(ascii: "u")
            else {
              throw ParseError(
                message: "a \\u escape of a high surrogate must be followed by a low one",
                column: escapeStart + 1)
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw ParseError(
                message: "a \\u escape of a high surrogate must be followed by a low one",
                column: escapeStart + 1)
            }
            scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
          } else {
            scalar = Unicode.Scalar(high)
          }
          guard let scalar else {
            throw ParseError(
              message: "a \\u escape names a lone surrogate, which is not a character",
              column: escapeStart + 1)
          }
          scalars.append(scalar)
        default:
          throw ParseError(
            message:
              "unknown escape in a string (use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)",
            column: index - 1)
        }
        run = index
      }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard index + 4 <= bytes.count else { throw fail("\\u takes four hex digits") }
      var value: UInt32 = 0
      for byte in bytes[index..<(index + 4)] {
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
        default: throw fail("\\u takes four hex digits")
        }
        value = value * 16 + digit
      }
      index += 4
      return value
    }

  }
}
