extension Shared: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case key
    case value
    case element
  }

  /// Reads a copy written by ``encode(to:)``, as one that takes the others' value: a state
  /// read back from a recording (a screen pushed with its state) joins the copies the store
  /// holds rather than bringing back the value it had when it was written. Alone, it holds the
  /// value read. A copy of an element, written with `element` in place of `value`, is read
  /// back as one (``init(key:element:)``).
  ///
  /// ```swift
  /// let data = Data(#"{"key":"saved","value":["Rome"]}"#.utf8)
  /// let saved = try JSONDecoder().decode(Shared<[String]>.self, from: data)
  /// print(saved.value)  // ["Rome"]
  /// ```
  ///
  /// - Parameters:
  ///   - decoder: What reads the key and the value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let key = try container.decode(String.self, forKey: .key)
    if container.contains(.element), container.contains(.value) {
      throw DecodingError.dataCorruptedError(
        forKey: .element, in: container,
        debugDescription:
          "A copy of \"\(key)\" holds either a value or an element, not both")
    }
    guard container.contains(.element) else {
      self.init(key: key, default: try container.decode(Value.self, forKey: .value))
      return
    }
    guard let identifiable = Value.self as? any Identifiable.Type else {
      throw DecodingError.dataCorruptedError(
        forKey: .element, in: container,
        debugDescription:
          "A copy of an element of \"\(key)\" holds a \(String(reflecting: Value.self)), which is not Identifiable"
      )
    }
    func link<Element: Identifiable>(_: Element.Type) -> any SharedElementLink.Type {
      IdentifiedElementLink<Element>.self
    }
    self.init(key: key, default: try container.decode(Value.self, forKey: .element))
    elementReference = SharedElementReference(
      link: link(identifiable), id: link(identifiable).id(of: value))
  }

  /// Writes the copy's key and value, as `{"key": …, "value": …}`, or `{"key": …, "element":
  /// …}` for a copy of an element.
  ///
  /// ```swift
  /// let encoder = JSONEncoder()
  /// encoder.outputFormatting = .sortedKeys
  /// let data = try encoder.encode(Shared(key: "saved", value: ["Rome"]))
  /// print(String(decoding: data, as: UTF8.self))  // {"key":"saved","value":["Rome"]}
  /// ```
  ///
  /// - Parameters:
  ///   - encoder: What the key and the value are written to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(value, forKey: elementReference == nil ? .value : .element)
  }
}
