/// A decoder that reads key path literals (`\.name`) as they are written, rather than as
/// strings: the REPL's.
package protocol KeyPathLiteralDecoder: Decoder {
  /// The key path written where the decoder stands, without its `\.`: `name`, `address.city`.
  func decodeKeyPathLiteral() throws -> String
}

/// A field's key path as a binding action writes it: `\.name`; a string `"\\.name"` in formats
/// that have no key paths (JSON).
struct BindingKeyPath: Codable {
  /// The path without its `\.`: `name`, `address.city`.
  let path: String

  init(path: String) {
    self.path = path
  }

  init(from decoder: any Decoder) throws {
    if let literal = decoder as? any KeyPathLiteralDecoder {
      path = try literal.decodeKeyPathLiteral()
      return
    }
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard text.hasPrefix("\\."), text.count > 2 else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "Expected a key path written like \"\\\\.name\", found \"\(text)\".")
    }
    path = String(text.dropFirst(2))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("\\." + path)
  }
}
