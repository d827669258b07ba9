/// What a recorded environment call answered, as a session file keeps it:
///
/// ```
/// answer @1500ms #1 "login" value {"name":"Pritesh","userName":"pritesh"}
/// answer @1500ms #2 "login" error LoginFeature.LoginServiceError {"invalidCredentials":{}}
/// answer @1500ms #3 "login" failure "The network connection was lost."
/// answer @300ms #1 "geocode" cancelled
/// ```
///
/// The number counts the calls of that name from 1, in the order they were made; the name is a
/// JSON string, so any name survives; the payloads are JSON, one line each, decoded only when a
/// replay asks for them. Nothing here needs Foundation, so the fuzzer reads these lines too.
extension SessionFile {
  package struct Answer: Equatable, Sendable {
    /// How many steps came before it.
    package var index: Int
    /// When the call returned (or was cancelled).
    package var time: Duration
    package var name: String
    /// Which call of its name it answers, from 1.
    package var number: Int
    package var result: AnswerResult
    /// Its line in the file, for messages; 0 when it was not read from a file.
    package var line: Int

    package init(
      index: Int, time: Duration, name: String, number: Int, result: AnswerResult, line: Int = 0
    ) {
      self.index = index
      self.time = time
      self.name = name
      self.number = number
      self.result = result
      self.line = line
    }

    /// The line after `answer @<time> `.
    package var text: String {
      "#\(number) \(JSONQuoting.quoted(name)) \(result.text)"
    }

    /// The whole line.
    package var fileLine: String {
      "answer @\(DurationText.format(time)) \(text)"
    }

    /// Reads what follows `answer @<time> `: `#1 "login" value {…}`.
    ///
    /// - Throws: ``InputError`` naming the line, never quoting it (a payload can hold a secret).
    static func parse(_ text: String, line: Int) throws(InputError) -> (Int, String, AnswerResult) {
      let form =
        "line \(line): an answer is written like answer @1500ms #1 \"login\" value {…}, error <type> {…}, failure \"…\" or cancelled"
      var rest = Substring(text)
      guard rest.first == "#" else { throw InputError(message: form, position: 0) }
      rest = rest.dropFirst()
      let digits = rest.prefix(while: \.isASCIIDigit)
      guard !digits.isEmpty, digits.count <= 18, let number = Int(digits), number >= 1 else {
        throw InputError(
          message: "line \(line): an answer's call number is a whole number from 1", position: 0)
      }
      rest = rest.dropFirst(digits.count)
      guard rest.first?.isWhitespace == true else { throw InputError(message: form, position: 0) }
      rest = rest.drop(while: \.isWhitespace)
      guard let (name, afterName) = unquote(rest), !name.isEmpty else {
        throw InputError(
          message: "line \(line): an answer's call name is a non-empty string in quotes",
          position: 0)
      }
      rest = afterName.drop(while: \.isWhitespace)
      let kind = rest.prefix(while: { !$0.isWhitespace })
      let payload = rest.dropFirst(kind.count).trimmingWhitespace()
      switch kind {
      case "value" where !payload.isEmpty:
        return (number, name, .value(json: payload))
      case "error":
        let type = payload.prefix(while: { !$0.isWhitespace })
        let json = payload.dropFirst(type.count).trimmingWhitespace()
        guard !type.isEmpty, !json.isEmpty else { throw InputError(message: form, position: 0) }
        return (number, name, .error(type: String(type), json: json))
      case "failure":
        guard let (description, after) = unquote(Substring(payload)),
          after.allSatisfy(\.isWhitespace)
        else {
          throw InputError(
            message: "line \(line): a failure's description is a string in quotes", position: 0)
        }
        return (number, name, .failure(description: description))
      case "cancelled" where payload.isEmpty:
        return (number, name, .cancelled)
      default:
        throw InputError(message: form, position: 0)
      }
    }

    /// Reads a JSON string at the start of `text`; returns it and what follows, or `nil` when
    /// `text` does not start with a whole, valid one.
    static func unquote(_ text: Substring) -> (String, Substring)? {
      let scalars = text.unicodeScalars
      guard scalars.first == "\"" else { return nil }
      var out = String.UnicodeScalarView()
      var index = scalars.index(after: scalars.startIndex)
      func hex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
          guard index < scalars.endIndex, let digit = hexDigit(scalars[index]) else { return nil }
          value = value * 16 + digit
          index = scalars.index(after: index)
        }
        return value
      }
      while index < scalars.endIndex {
        let scalar = scalars[index]
        index = scalars.index(after: index)
        switch scalar {
        case "\"":
          return (String(out), Substring(scalars[index...]))
        case "\\":
          guard index < scalars.endIndex else { return nil }
          let escaped = scalars[index]
          index = scalars.index(after: index)
          switch escaped {
          case "\"", "\\", "/": out.append(escaped)
          case "n": out.append("\n")
          case "r": out.append("\r")
          case "t": out.append("\t")
          case "b": out.append("\u{8}")
          case "f": out.append("\u{C}")
          case "u":
            guard var value = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(value) {
              // A surrogate pair: a second \u must follow with the low half.
              guard index < scalars.endIndex, scalars[index] == "\\" else { return nil }
              index = scalars.index(after: index)
              guard index < scalars.endIndex, scalars[index] == "u" else { return nil }
              index = scalars.index(after: index)
              guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
              value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let decoded = Unicode.Scalar(value) else { return nil }
            out.append(decoded)
          default:
            return nil
          }
        default:
          guard scalar.value >= 0x20 else { return nil }
          out.append(scalar)
        }
      }
      return nil
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
      switch scalar {
      case "0"..."9": scalar.value - 48
      case "a"..."f": scalar.value - 87
      case "A"..."F": scalar.value - 55
      default: nil
      }
    }
  }

  /// How a recorded call ended.
  package enum AnswerResult: Equatable, Sendable {
    /// It returned this value, as JSON.
    case value(json: String)
    /// It threw an error of a type that can be decoded: the type's name and the error as JSON.
    case error(type: String, json: String)
    /// It threw an error that cannot be decoded: its description.
    case failure(description: String)
    /// It ended in `CancellationError`: its effect was cancelled while it ran, or it threw one.
    case cancelled

    package var text: String {
      switch self {
      case .value(let json): "value \(json)"
      case .error(let type, let json): "error \(type) \(json)"
      case .failure(let description): "failure \(JSONQuoting.quoted(description))"
      case .cancelled: "cancelled"
      }
    }
  }
}
