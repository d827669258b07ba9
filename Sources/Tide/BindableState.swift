/// A state whose fields ``BindingAction`` can set from text: what the REPL, a recording, a
/// served store and `tide attach` read. A feature lists the fields its views bind to; its
/// binding actions are then `Codable`, so an action type with a `binding` case keeps its
/// synthesized `Codable` conformance.
///
/// ```swift
/// import Foundation
///
/// enum Profile {
///   struct State: Equatable, BindableState {
///     var name = ""
///     var age = 0
///     static let bindableFields: [BindableField<Self>] = [.field(\.name), .field(\.age)]
///   }
///   enum Action: Equatable, Sendable, Codable {
///     case binding(BindingAction<State>)
///   }
/// }
///
/// let action = Profile.Action.binding(.set(\.age, 36))
/// let data = try JSONEncoder().encode(action)
/// print(try JSONDecoder().decode(Profile.Action.self, from: data) == action)  // true
/// ```
///
/// A field is named by its key path from the state (`name`, or `address.city` for a nested
/// one), as `.set(\.address.city, "Ghent")` writes it. List stored properties: a computed
/// property's key path has no name that stays the same from run to run.
public protocol BindableState {
  /// The fields a binding action may set when it is read from text.
  static var bindableFields: [BindableField<Self>] { get }
}

/// One field of a ``BindableState`` that a ``BindingAction`` may set: its key path, its name,
/// and how its value is read and written.
///
/// <!-- example: in bindable-state -->
/// ```swift
/// static let bindableFields: [BindableField<Self>] = [.field(\.name), .field(\.age)]
/// ```
public struct BindableField<Root>: Sendable {
  /// The field's name: its key path from the root without the root, `name` or `address.city`.
  public let name: String
  /// The field's key path; for a field of a collection's elements, the collection's.
  public let keyPath: any PartialKeyPath<Root> & Sendable
  /// For a field of a collection's elements, its key path from an element.
  let elementField: (any AnyKeyPath & Sendable)?
  /// For a field of a collection's elements, its name from an element: `name`.
  let elementFieldName: String?
  /// Writes the element's identifier, for a field of a collection's elements.
  let encodeIdentifier:
    (@Sendable (Any, inout KeyedEncodingContainer<BindingAction<Root>.CodingKeys>) throws -> Void)?
  let decodeAction:
    @Sendable (KeyedDecodingContainer<BindingAction<Root>.CodingKeys>) throws -> BindingAction<Root>
  let encodeValue:
    @Sendable (any Sendable, inout KeyedEncodingContainer<BindingAction<Root>.CodingKeys>) throws ->
      Void

  /// The field at `keyPath`, whose values are read and written with `Codable`.
  ///
  /// ```swift
  /// let name = BindableField<Settings.State>.field(\.name)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: A writable key path to a stored property of the state.
  /// - Returns: The field.
  public static func field<Value: Codable & Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable
  ) -> Self {
    let name = storedPathName(of: keyPath)
    return Self(
      name: name, keyPath: keyPath, elementField: nil, elementFieldName: nil,
      encodeIdentifier: nil,
      decodeAction: { container in
        .set(keyPath, try container.decode(Value.self, forKey: .value))
      },
      encodeValue: { value, container in
        try encode(value, as: Value.self, for: "\\.\(name)", forKey: .value, in: &container)
      })
  }

  /// A field of each element of a collection, which a binding action made by
  /// ``BindingAction/set(_:id:_:_:)`` sets: `.set(\.attendees, id: 3, \.name, "Ada")` is then
  /// read and written as text, with the element's identifier.
  ///
  /// ```swift
  /// struct Attendee: Identifiable, Codable, Equatable, Sendable {
  ///   let id: Int
  ///   var name = ""
  /// }
  /// struct Form: BindableState {
  ///   var attendees: IdentifiedArray<Attendee> = []
  ///   static let bindableFields: [BindableField<Self>] = [.elementField(\.attendees, \.name)]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - collection: A writable key path to a stored collection of the state.
  ///   - field: A writable key path to a stored property of an element.
  /// - Returns: The field.
  public static func elementField<
    Element: Identifiable & Sendable, Value: Codable & Equatable & Sendable
  >(
    _ collection: any WritableKeyPath<Root, IdentifiedArray<Element>> & Sendable,
    _ field: any WritableKeyPath<Element, Value> & Sendable
  ) -> Self where Element.ID: Codable & Sendable {
    let name = storedPathName(of: collection)
    let fieldName = BindableField<Element>.storedPathName(of: field)
    return Self(
      name: name, keyPath: collection, elementField: field, elementFieldName: fieldName,
      encodeIdentifier: { id, container in
        try encode(
          id, as: Element.ID.self, for: "\\.\(name)'s identifier", forKey: .id, in: &container)
      },
      decodeAction: { container in
        .set(
          collection, id: try container.decode(Element.ID.self, forKey: .id), field,
          try container.decode(Value.self, forKey: .elementValue))
      },
      encodeValue: { value, container in
        try encode(
          value, as: Value.self, for: "\\.\(name)[id: …].\(fieldName)", forKey: .elementValue,
          in: &container)
      })
  }

  /// Writes `value` under `key`, or throws when it is not of the field's type.
  private static func encode<Value: Encodable>(
    _ value: Any, as type: Value.Type, for field: String,
    forKey key: BindingAction<Root>.CodingKeys,
    in container: inout KeyedEncodingContainer<BindingAction<Root>.CodingKeys>
  ) throws {
    guard let value = value as? Value else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "The value for \(field) is not \(Value.self)."))
    }
    try container.encode(value, forKey: key)
  }

  /// The name of a key path (see ``name(of:)``), reported when it is not a path of stored
  /// properties: a binding action that sets it could not be read back from text.
  static func storedPathName(of keyPath: AnyKeyPath) -> String {
    let name = Self.name(of: keyPath)
    let isIdentifier = { (part: Substring) in
      part.first.map { $0.isLetter || $0 == "_" } == true
        && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
    if !name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) {
      IssueReporter.current.report(
        """
        A bindable field's key path, \(keyPath), is not a path of stored properties, so a binding \
        action that sets it cannot be read back from text (the REPL, a recording). List stored \
        properties in bindableFields.
        """)
    }
    return name
  }

  /// `name` for `\State.name`, `address.city` for `\State.address.city`: the key path as Swift
  /// prints it, without its root.
  static func name(of keyPath: AnyKeyPath) -> String {
    let text = "\(keyPath)"
    guard text.hasPrefix("\\"), let dot = text.firstIndex(of: ".") else { return text }
    return String(text[text.index(after: dot)...])
  }
}
