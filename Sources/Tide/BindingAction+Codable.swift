import TideInspect

extension BindingAction: Encodable where Root: BindableState {
  /// Writes the action as its call is written, `.set(\.name, "Ada")`: a `set` case whose first
  /// value is the field's key path (`"\\.name"`) and whose second is the value.
  ///
  /// - Parameters:
  ///   - encoder: The encoder.
  /// - Throws: `EncodingError.invalidValue` when the field is not among the state's
  ///   ``BindableState/bindableFields``.
  public func encode(to encoder: any Encoder) throws {
    guard let field = Root.field(at: keyPath, element: element?.field) else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription:
            "\(description) sets a field that is not among \(Inspector.typeName(Root.self)).bindableFields (\(Root.fieldNames)): add it there to write this action."
        ))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    var arguments = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .set)
    try arguments.encode(BindingKeyPath(path: field.name), forKey: .keyPath)
    if let element, let fieldName = field.elementFieldName {
      try field.encodeIdentifier?(element.id.base, &arguments)
      try arguments.encode(BindingKeyPath(path: fieldName), forKey: .elementField)
    }
    try field.encodeValue(value, &arguments)
  }
}

extension BindingAction: Decodable where Root: BindableState {
  /// Reads an action written as its call is, `.set(\.name, "Ada")`: the field is looked up by
  /// name among the state's ``BindableState/bindableFields``, and the value is read as that
  /// field's type.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// struct Profile: Equatable, BindableState {
  ///   var name = ""
  ///   static let bindableFields: [BindableField<Self>] = [.field(\.name)]
  /// }
  /// let json = Data(#"{"set": {"_0": "\\.nmae", "_1": "Ada"}}"#.utf8)
  /// do {
  ///   _ = try JSONDecoder().decode(BindingAction<Profile>.self, from: json)
  /// } catch DecodingError.dataCorrupted(let context) {
  ///   print(context.debugDescription)  // Profile has no bindable field 'nmae' (it has: name).
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` naming the fields there are when the field is
  ///   unknown; the decoder's own error when the value is not of the field's type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let arguments = try container.nestedContainer(
      keyedBy: CodingKeys.self, forKey: .set)
    let path = try arguments.decode(BindingKeyPath.self, forKey: .keyPath).path
    let elementPath =
      arguments.contains(.id)
      ? try arguments.decode(BindingKeyPath.self, forKey: .elementField).path : nil
    guard
      let field = Root.bindableFields.first(where: {
        $0.name == path && $0.elementFieldName == elementPath
      })
    else {
      let named = elementPath.map { "\(path)[id: …].\($0)" } ?? path
      throw DecodingError.dataCorruptedError(
        forKey: elementPath == nil ? .keyPath : .elementField, in: arguments,
        debugDescription:
          "\(Inspector.typeName(Root.self)) has no bindable field '\(named)' (it has: \(Root.fieldNames))."
      )
    }
    self = try field.decodeAction(arguments)
  }
}

extension BindableState {
  /// The field at `keyPath` (or, with `element`, the field of the collection's elements at
  /// that key path from an element), if the state lists it.
  static func field(at keyPath: AnyKeyPath, element: AnyKeyPath? = nil) -> BindableField<Self>? {
    bindableFields.first {
      ($0.keyPath as AnyKeyPath) == keyPath && $0.elementField.map { $0 as AnyKeyPath } == element
    }
  }

  /// "name, age, attendees[id: …].name": the fields' names, for messages.
  static var fieldNames: String {
    bindableFields.isEmpty
      ? "none"
      : bindableFields.map { field in
        field.elementFieldName.map { "\(field.name)[id: …].\($0)" } ?? field.name
      }
      .joined(separator: ", ")
  }
}

extension BindingAction {
  /// The keys of a binding action written as `.set(\.name, "Ada")`: the case, and its two
  /// unlabelled values, as Swift's synthesized `Codable` names them. Nested here so that a
  /// mistake names the action: "BindingAction<Profile> has no case .put".
  enum CodingKeys: String, CodingKey, Sendable {
    /// The `set` case.
    case set
    /// The first value: the field's key path.
    case keyPath = "_0"
    /// The second value: the value the field is set to.
    case value = "_1"
    /// The element's identifier, in `.set(\.attendees, id: 3, \.name, "Ada")`.
    case id
    /// The field of the element, the third value of `.set(\.attendees, id: 3, \.name, "Ada")`.
    case elementField = "_2"
    /// The value the element's field is set to, the fourth value.
    case elementValue = "_3"
  }
}
