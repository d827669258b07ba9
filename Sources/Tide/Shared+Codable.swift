extension Shared: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case key
    case value
    case `default`
    case element
  }

  /// Reads a copy written by ``encode(to:)``, or typed as code spells one.
  ///
  /// A copy read from data (a state restored from JSON) takes the others' value, whatever its
  /// label: a screen restored with the value it had when it was written joins the copies the
  /// store holds (a value loaded fresh into the root, say) rather than bringing that old value
  /// back. A `default` is read the same way; an `element` is a copy of one element
  /// (``init(key:element:)``), which takes the element the collection holds.
  ///
  /// Read as a person types it in the REPL, or from a session file, a `value` brings its value,
  /// which the other copies take, as ``init(key:value:)`` does in code; a session file writes
  /// `value` only for a copy an action carries that was made with a value of its own, so that a
  /// copy kept from the state takes the store's value on replay, as it did in the run.
  ///
  /// ```swift
  /// let data = Data(#"{"key":"saved","value":["Rome"]}"#.utf8)
  /// let saved = try JSONDecoder().decode(Shared<[String]>.self, from: data)
  /// print(saved.value)  // ["Rome"]
  /// ```
  ///
  /// - Parameters:
  ///   - decoder: What reads the key and the value.
  /// - Throws: `DecodingError` when the key or the value is missing or of another type, when
  ///   the copy holds more than one of a value, a default and an element, or when an element's
  ///   value is not `Identifiable`.
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
      let value = try container.decode(Value.self, forKey: .value)
      if decoder.userInfo[sharedValueBringsItsValue] as? Bool == true {
        self.init(key: key, value: value)
      } else {
        self.init(key: key, default: value)
      }
    }
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

/// Set to `true` in a decoder's `userInfo` to read a shared copy's `value` as
/// `Shared(key:value:)` reads it in code, bringing its value (the REPL's typed actions and
/// session files); without it, a copy read from data takes the others' value.
package let sharedValueBringsItsValue = CodingUserInfoKey(
  rawValue: "tide.sharedValueBringsItsValue")!
