extension Shared: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case key
    case value
    case `default`
    case element
  }

  /// Reads a copy written by ``encode(to:)``, as the initializer its label names makes it: a
  /// `value` brings its value, which the other copies take (``init(key:value:)``); a `default`
  /// takes the value the others hold (``init(key:default:)``); an `element` is a copy of one
  /// element (``init(key:element:)``). So a copy read back from a recording, or typed in the
  /// REPL, does what the same words do in code.
  ///
  /// ```swift
  /// let data = Data(#"{"key":"saved","default":["Rome"]}"#.utf8)
  /// let saved = try JSONDecoder().decode(Shared<[String]>.self, from: data)
  /// print(saved.value)  // ["Rome"]
  /// ```
  ///
  /// - Parameters:
  ///   - decoder: What reads the key and the value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let key = try container.decode(String.self, forKey: .key)
    let labels = [CodingKeys.value, .default, .element].filter(container.contains)
    if labels.count > 1 {
      throw DecodingError.dataCorruptedError(
        forKey: labels[1], in: container,
        debugDescription:
          "A copy of \"\(key)\" holds one of a value, a default and an element, not \(labels.map(\.stringValue).joined(separator: " and "))"
      )
    }
    switch labels.first {
    case .default?:
      self.init(key: key, default: try container.decode(Value.self, forKey: .default))
    case .element?:
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
    default:
      self.init(key: key, value: try container.decode(Value.self, forKey: .value))
    }
  }

  /// Writes the copy's key and value under the label that makes it again (see
  /// ``init(from:)``): `{"key": …, "value": …}` for a copy that holds a value of its own, as
  /// every copy in a store's state does; `{"key": …, "default": …}` for one made with
  /// ``init(key:default:)`` and not in a store yet; `{"key": …, "element": …}` for a copy of an
  /// element.
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
    let label = CodingKeys(stringValue: writtenLabel) ?? .value
    try container.encode(value, forKey: label)
  }
}
