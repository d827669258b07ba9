import Foundation
import TideInspect
import TideRecord

extension ExpressionDecoder {
  /// The value of `type` read from this decoder's expression: first as the Swift the inspector
  /// prints for the types whose `Codable` form is not what it prints (a duration, a date, a URL,
  /// a decimal, an enum with raw values), so that whatever the REPL shows can be typed back;
  /// otherwise as `type` decodes itself.
  func value<T: Decodable>(_ type: T.Type) throws -> T {
    if case .value(let expression) = node, let literal = try Self.literal(type, expression) {
      return literal
    }
    return try T(from: self)
  }

  /// `expression` read as `type` when `type` is one of those printed as a Swift expression
  /// (`.seconds(2)`, `Date(timeIntervalSince1970: 0.5)`, `URL(string: "…")!`,
  /// `Decimal(string: "1.5")!`, `.orange` for a `String` raw value "orange"), and the expression
  /// is written so; `nil` otherwise.
  static func literal<T>(_ type: T.Type, _ expression: Expression) throws -> T? {
    if type == Duration.self { return try duration(expression) as! T? }
    if type == Date.self { return try date(expression) as! T? }
    if type == URL.self { return try url(expression) as! T? }
    if type == Decimal.self { return try decimal(expression) as! T? }
    if let raw = type as? any RawRepresentable.Type, isEnum(type) {
      return try rawCase(raw, expression) as! T?
    }
    return nil
  }

  /// `.seconds(2)`, `.milliseconds(250)`, `.microseconds(5)`, `.nanoseconds(7)`, `.zero`, or
  /// `Duration(secondsComponent: 1, attosecondsComponent: 5)`.
  private static func duration(_ expression: Expression) throws -> Duration? {
    switch expression {
    case .member("zero", nil, _):
      return .zero
    case .member(let unit, let arguments?, _)
    where ["seconds", "milliseconds", "microseconds", "nanoseconds"].contains(unit):
      guard arguments.count == 1, arguments[0].label == nil else {
        throw InputError(
          message: ".\(unit)(…) takes one number, like .\(unit)(2)", position: expression.position)
      }
      let count = arguments[0].value
      if case .integer(let text, let position) = count {
        guard let value = Int64(text) else {
          throw InputError(
            message: "\(text) does not fit in a duration's \(unit)", position: position)
        }
        switch unit {
        case "seconds": return .seconds(value)
        case "milliseconds": return .milliseconds(value)
        case "microseconds": return .microseconds(value)
        default: return .nanoseconds(value)
        }
      }
      guard case .decimal(let value, let position) = count, unit != "nanoseconds" else {
        throw InputError(
          message: "expected a whole number of \(unit), found \(count.kind)",
          position: count.position)
      }
      guard value.isFinite, abs(value) < 9e18 else {
        throw InputError(message: "\(value) is too large for a duration", position: position)
      }
      switch unit {
      case "seconds": return .seconds(value)
      case "milliseconds": return .milliseconds(value)
      default: return .microseconds(value)
      }
    case .call("Duration", let arguments, let position):
      guard arguments.map(\.label) == ["secondsComponent", "attosecondsComponent"],
        case .integer(let seconds, _) = arguments[0].value,
        case .integer(let attoseconds, _) = arguments[1].value,
        let wholeSeconds = Int64(seconds), let fraction = Int64(attoseconds)
      else {
        throw InputError(
          message:
            "expected Duration(secondsComponent: …, attosecondsComponent: …) with whole numbers",
          position: position)
      }
      return Duration(secondsComponent: wholeSeconds, attosecondsComponent: fraction)
    case .member(let name, _, let position):
      throw InputError(
        message:
          "a duration is written .seconds(…), .milliseconds(…), .microseconds(…), "
          + ".nanoseconds(…) or .zero, not .\(name)", position: position)
    default:
      return nil
    }
  }

  /// `Date(timeIntervalSince1970: 1.5)`, or `Date(timeIntervalSinceReferenceDate: 0.1)` (how the
  /// inspector prints a date the first form cannot give back exactly).
  private static func date(_ expression: Expression) throws -> Date? {
    guard case .call("Date", let arguments, let position) = expression else { return nil }
    let labels = ["timeIntervalSince1970", "timeIntervalSinceReferenceDate"]
    guard arguments.count == 1, let label = arguments[0].label, labels.contains(label) else {
      throw InputError(
        message: "expected Date(timeIntervalSince1970: seconds)", position: position)
    }
    let seconds: Double
    switch arguments[0].value {
    case .integer(let text, let position):
      guard let value = Double(text), value.isFinite else {
        throw InputError(message: "\(text) is too large for a date", position: position)
      }
      seconds = value
    case .decimal(let value, let position):
      guard value.isFinite else {
        throw InputError(message: "\(value) is too large for a date", position: position)
      }
      seconds = value
    case .member("nan", nil, _): seconds = .nan
    case .member("infinity", nil, _): seconds = .infinity
    case let other:
      throw InputError(
        message: "expected a number of seconds, found \(other.kind)", position: other.position)
    }
    return label == labels[0]
      ? Date(timeIntervalSince1970: seconds) : Date(timeIntervalSinceReferenceDate: seconds)
  }

  /// `URL(string: "…")!`, `URL(string: "…", relativeTo: URL(string: "…")!)!`, or the URL as a
  /// string.
  private static func url(_ expression: Expression) throws -> URL? {
    if case .call("URL", let arguments, let start) = expression, arguments.count == 2,
      arguments[0].label == "string", arguments[1].label == "relativeTo"
    {
      guard case .string(let text, let position) = arguments[0].value else {
        throw InputError(
          message: #"expected URL(string: "…", relativeTo: URL(string: "…")!)!"#, position: start)
      }
      guard let base = try url(arguments[1].value) else {
        throw InputError(
          message: "expected a URL, found \(arguments[1].value.kind)",
          position: arguments[1].value.position)
      }
      guard let url = URL(string: text, relativeTo: base) else {
        throw InputError(message: "\(Inspector().line(text)) is not a URL", position: position)
      }
      return url
    }
    guard let (text, position) = try stringArgument(of: "URL", in: expression) else { return nil }
    guard let url = URL(string: text) else {
      throw InputError(message: "\(Inspector().line(text)) is not a URL", position: position)
    }
    return url
  }

  /// `Decimal(string: "1.5")!`, or a whole number as written.
  private static func decimal(_ expression: Expression) throws -> Decimal? {
    guard let (text, position) = try stringArgument(of: "Decimal", in: expression) else {
      return nil
    }
    // Written as Swift writes a number, every character read, and no more digits than a
    // decimal keeps: `Decimal(string:)` alone stops at the first character it cannot read.
    let digits = text.filter(\.isNumber).drop { $0 == "0" }.count
    guard text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil, digits <= 38,
      let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
      !decimal.isNaN
    else {
      throw InputError(
        message:
          "\(Inspector().line(text)) is not a decimal number (digits, a fraction and an exponent "
          + "if any, at most 38 digits)", position: position)
    }
    return decimal
  }

  /// The text of `type(string: "…")!` and where it starts, or of a string (for a URL) or a whole
  /// number (for a decimal) written alone; `nil` for any other expression.
  private static func stringArgument(of type: String, in expression: Expression) throws -> (
    String, Int
  )? {
    switch expression {
    case .call(type, let arguments, let start):
      guard arguments.count == 1, arguments[0].label == "string",
        case .string(let string, let at) = arguments[0].value
      else {
        throw InputError(message: #"expected \#(type)(string: "…")!"#, position: start)
      }
      return (string, at)
    case .string(let string, let at) where type == "URL":
      return (string, at)
    case .integer(let number, let at) where type == "Decimal":
      return (number, at)
    default:
      return nil
    }
  }

  /// Whether `type` is an enum: its metadata's kind, the first word of its metadata, is an
  /// enum's (0x201) in Swift's stable metadata layout. A struct with raw values and static
  /// members (`Tag.home`) is not read by member name.
  private static func isEnum(_ type: Any.Type) -> Bool {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self) == 0x201
  }

  /// The case of an enum with raw values written as the inspector prints it, `.orange`: the
  /// case with that name when the type lists its cases (`CaseIterable`), or else the case whose
  /// `String` raw value is the name.
  private static func rawCase<Raw: RawRepresentable>(_ type: Raw.Type, _ expression: Expression)
    throws -> Raw?
  {
    guard case .member(let name, nil, let position) = expression else { return nil }
    let typeName = Inspector.typeName(type)
    if let cases = type as? any CaseIterable.Type {
      func names<All: CaseIterable>(_ all: All.Type) -> [(String, Raw)] {
        all.allCases.compactMap { $0 as? Raw }.map {
          (String(Inspector().line($0).dropFirst()), $0)
        }
      }
      let known = names(cases)
      if let found = known.first(where: { $0.0 == name }) { return found.1 }
      throw InputError(
        message: "\(typeName) has no case .\(name)", position: position,
        suggestions: Suggestions.closest(to: name, in: Set(known.map(\.0))).map { ".\($0)" })
    }
    if let value = (name as? Raw.RawValue).flatMap(Raw.init(rawValue:)) { return value }
    throw InputError(
      message:
        "\(typeName) is read from its raw value, like \(Raw.RawValue.self == String.self ? "\"…\"" : "1"); "
        + "make it CaseIterable to write its cases by name",
      position: position)
  }
}
