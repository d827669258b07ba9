extension Shared: Codable where Value: Codable {
  private enum CodingKeys: String, CodingKey {
    case key
    case value
  }

  /// Reads a copy written by ``encode(to:)``, as one that takes the others' value: a state
  /// read back from a recording (a screen pushed with its state) joins the copies the store
  /// holds rather than bringing back the value it had when it was written. Alone, it holds the
  /// value read.
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
    self.init(
      key: try container.decode(String.self, forKey: .key),
      default: try container.decode(Value.self, forKey: .value))
  }

  /// Writes the copy's key and value, as `{"key": …, "value": …}`.
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
    try container.encode(value, forKey: .value)
  }
}
