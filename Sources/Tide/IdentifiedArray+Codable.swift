extension IdentifiedArray: Encodable where Element: Encodable {
  /// Writes the elements as an array.
  ///
  /// - Parameters:
  ///   - encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Reads an array of elements; two elements with the same identifier are an error that names
  /// the identifier and both positions, rather than one of them silently kept.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// struct Row: Identifiable, Codable { let id: Int }
  /// let json = Data("[{\"id\": 1}, {\"id\": 1}]".utf8)
  /// do {
  ///   _ = try JSONDecoder().decode(IdentifiedArray<Row>.self, from: json)
  /// } catch DecodingError.dataCorrupted(let context) {
  ///   print(context.debugDescription)  // Elements 0 and 1 have the same identifier, 1.
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    self.init()
    for (position, element) in elements.enumerated() {
      if let first = index(id: element.id) {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "Elements \(first) and \(position) have the same identifier, \(describe(element.id)).")
      }
      append(element)
    }
  }
}
