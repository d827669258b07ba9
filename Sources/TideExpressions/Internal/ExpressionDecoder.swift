import Foundation
import Tide
import TideInspect
import TideRecord

/// Decodes any `Decodable` value from an ``Expression``, following the shapes Swift synthesizes:
/// an enum case is a keyed container holding one key, the case name, whose nested container holds
/// the payload under its labels (`_0`, `_1`… when unlabelled); a struct is a keyed container of
/// its properties; an array is an unkeyed container.
///
/// Mistakes are reported as ``InputError``s at the offending position: unknown cases and labels
/// with the closest names, values of the wrong kind, missing arguments.
package struct ExpressionDecoder: Decoder {
  /// What a container decodes from: a written expression, or the payload of an enum case.
  package enum Node {
    case value(Expression)
    case payload(caseName: String, arguments: [Expression.Argument], position: Int)

    /// Where it starts in the input.
    var position: Int {
      switch self {
      case .value(let expression): expression.position
      case .payload(_, _, let position): position
      }
    }
  }

  package let node: Node
  /// Known case names by type name ("Login.Action"), for suggestions; only asked for when a
  /// case is unknown.
  package let caseNames: () -> [String: Set<String>]
  package var codingPath: [any CodingKey] = []
  /// A shared copy's `value` brings its value, as the same words do in code.
  package var userInfo: [CodingUserInfoKey: Any] { [sharedValueBringsItsValue: true] }

  package static func decode<T: Decodable>(
    _ type: T.Type, from expression: Expression, caseNames: @escaping () -> [String: Set<String>]
  ) throws -> T {
    let decoder = ExpressionDecoder(node: .value(expression), caseNames: caseNames)
    do {
      return try decoder.value(T.self)
    } catch DecodingError.dataCorrupted(let context) {
      // A type's own check (a duplicate identifier, an unknown bindable field): its message, at
      // the value it names.
      throw InputError(
        message: context.debugDescription, position: decoder.position(at: context.codingPath))
    }
  }

  /// Where the value at `path` (keys from this decoder's value down) starts; as far down as the
  /// keys lead.
  func position(at path: [any CodingKey]) -> Int {
    var node = node
    for key in path {
      switch node {
      case .value(.member(let name, let arguments, let position)) where key.stringValue == name:
        node = .payload(caseName: name, arguments: arguments ?? [], position: position)
      case .payload(_, let arguments, _), .value(.call(_, let arguments, _)):
        let found = arguments.enumerated().first { offset, argument in
          (argument.label ?? "_\(offset)") == key.stringValue
        }
        guard let found else { return node.position }
        node = .value(found.element.value)
      case .value(.array(let elements, _)):
        guard let index = key.intValue, elements.indices.contains(index) else {
          return node.position
        }
        node = .value(elements[index])
      default:
        return node.position
      }
    }
    return node.position
  }

  package var position: Int { node.position }

  package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    switch node {
    case .value(.member(let name, let arguments, let position)):
      guard Key(stringValue: name) != nil else {
        let typeName = Self.typeName(of: Key.self)
        let known = caseNames()[typeName] ?? []
        throw InputError(
          message: "\(typeName) has no case .\(name)", position: position,
          suggestions: Suggestions.closest(to: name, in: known).map { ".\($0)" })
      }
      let payload = Node.payload(caseName: name, arguments: arguments ?? [], position: position)
      return KeyedDecodingContainer(
        Keyed<Key>(entries: [name: payload], decoder: self, describe: ".\(name)"))
    case .value(.call(let typeName, let arguments, _)):
      var entries: [String: Node] = [:]
      for argument in arguments {
        guard let label = argument.label else {
          throw InputError(
            message: "every value in \(typeName ?? "a tuple")(…) needs a label, like name: \"…\"",
            position: argument.value.position)
        }
        guard Key(stringValue: label) != nil else {
          throw InputError(
            message: "\(typeName ?? "the value") has no property '\(label)'",
            position: argument.labelPosition ?? argument.value.position,
            suggestions: Suggestions.labels(near: label, in: Key.self).map { "'\($0):'" })
        }
        entries[label] = .value(argument.value)
      }
      return KeyedDecodingContainer(
        Keyed<Key>(entries: entries, decoder: self, describe: "\(typeName ?? "")(…)"))
    case .payload(let caseName, let arguments, _):
      var entries: [String: Node] = [:]
      for (offset, argument) in arguments.enumerated() {
        let key = argument.label ?? "_\(offset)"
        guard Key(stringValue: key) != nil else {
          let unlabelled = Key(stringValue: "_\(offset)") != nil
          let message =
            argument.label.map {
              "unexpected label '\($0):' in .\(caseName)(…)"
                + (unlabelled ? ", whose value \(offset + 1) has no label" : "")
            }
            ?? (offset == 0
              ? "the values of .\(caseName)(…) have labels; write them, like .\(caseName)(label: …)"
              : ".\(caseName)(…) takes fewer values")
          throw InputError(
            message: message, position: argument.labelPosition ?? argument.value.position,
            suggestions: argument.label.map { Suggestions.labels(near: $0, in: Key.self) }?
              .map { "'\($0):'" } ?? [])
        }
        entries[key] = .value(argument.value)
      }
      return KeyedDecodingContainer(
        Keyed<Key>(entries: entries, decoder: self, describe: ".\(caseName)(…)"))
    case .value(let expression):
      throw InputError(
        message: "expected \(Self.expectation(for: Key.self)), found \(expression.kind)",
        position: expression.position,
        suggestions: [])
    }
  }

  package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .value(.array(let elements, _)) = node else {
      throw InputError(
        message: "expected an array like [ … ], found \(describe())", position: position)
    }
    return Unkeyed(elements: elements, decoder: self)
  }

  package func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(decoder: self)
  }

  package func child(_ node: Node, key: any CodingKey) -> ExpressionDecoder {
    ExpressionDecoder(node: node, caseNames: caseNames, codingPath: codingPath + [key])
  }

  package func describe() -> String {
    switch node {
    case .value(let expression): expression.kind
    case .payload(let name, _, _): "the payload of .\(name)"
    }
  }

  /// "Login.Action" for `Login.Action.CodingKeys`.
  package static func typeName(of key: Any.Type) -> String {
    var name = Inspector.typeName(key)
    if let range = name.range(of: ".", options: .backwards) {
      name = String(name[..<range.lowerBound])
    }
    return name
  }

  package static func expectation(for key: Any.Type) -> String {
    let type = typeName(of: key)
    return type.isEmpty ? "a value" : "\(English.withArticle(type)) (a .case or Type(…))"
  }
}

extension ExpressionDecoder {
  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [String: Node]
    let decoder: ExpressionDecoder
    let describe: String
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }

    private func node(_ key: Key) throws -> Node {
      guard let node = entries[key.stringValue] else {
        // `_1` is the second value: counted from 1, as a person counts them.
        let what =
          key.stringValue.hasPrefix("_")
          ? "value \((Int(key.stringValue.dropFirst()) ?? 0) + 1) of" : "'\(key.stringValue):' in"
        throw InputError(message: "missing \(what) \(describe)", position: decoder.position)
      }
      return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      if case .value(.null) = try node(key) { return true }
      return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.child(try node(key), key: key).value(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try decoder.child(try node(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try decoder.child(try node(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      decoder.child(try node(key), key: key)
    }
  }

  struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [Expression]
    let decoder: ExpressionDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    struct Index: CodingKey {
      let intValue: Int?
      var stringValue: String { "\(intValue ?? 0)" }
      init(intValue: Int) { self.intValue = intValue }
      init?(stringValue: String) { nil }
    }

    private mutating func next() throws -> ExpressionDecoder {
      guard !isAtEnd else {
        throw InputError(message: "the array has too few elements", position: decoder.position)
      }
      defer { currentIndex += 1 }
      return decoder.child(.value(elements[currentIndex]), key: Index(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .null = elements[currentIndex] else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try next().value(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  struct Single: SingleValueDecodingContainer {
    let decoder: ExpressionDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    private var expression: Expression? {
      if case .value(let expression) = decoder.node { return expression }
      return nil
    }

    private func mismatch(_ wanted: String) -> InputError {
      InputError(
        message: "expected \(wanted), found \(decoder.describe())", position: decoder.position)
    }

    func decodeNil() -> Bool {
      if case .null = expression { return true }
      return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .boolean(let value, _) = expression else { throw mismatch("true or false") }
      return value
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let value, _) = expression else { throw mismatch("a string in quotes") }
      return value
    }

    func decode(_ type: Double.Type) throws -> Double {
      switch expression {
      case .decimal(let value, _): return value
      case .integer(let text, _):
        guard let value = Double(text), value.isFinite else {
          throw InputError(
            message: "\(text) is too large for a Double", position: decoder.position)
        }
        return value
      case .member("nan", nil, _): return .nan
      case .member("infinity", nil, _): return .infinity
      default: throw mismatch("a number")
      }
    }

    func decode(_ type: Float.Type) throws -> Float {
      let value = try decode(Double.self)
      // `Float(_:)` rounds to the nearest Float, as a Swift literal does; only a value past the
      // largest one becomes infinite.
      guard !value.isFinite || Float(value).isFinite else {
        throw InputError(
          message: "\(value) is too large for a Float", position: decoder.position)
      }
      return Float(value)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      if T.self == Int.self { return try integer(Int.self) as! T }
      if let integerType = T.self as? any FixedWidthInteger.Type {
        return try integer(integerType) as! T
      }
      return try decoder.value(T.self)
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
      guard case .integer(let text, _) = expression else { throw mismatch("a whole number") }
      guard let converted = I(text) else {
        throw InputError(
          message:
            "\(text) does not fit in \(English.withArticle("\(I.self)")) (\(I.min) to \(I.max))",
          position: decoder.position)
      }
      return converted
    }
  }
}

extension ExpressionDecoder: KeyPathLiteralDecoder {
  /// The key path written here, `\.name`, as `name`.
  package func decodeKeyPathLiteral() throws -> String {
    guard case .value(.keyPath(let names, _)) = node else {
      throw InputError(
        message: "expected a key path like \\.name, found \(describe())", position: position)
    }
    return names.joined(separator: ".")
  }
}
