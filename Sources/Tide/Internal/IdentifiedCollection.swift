/// A collection whose elements a copy can be of: how a report names a copy of a collection's
/// element type made as a copy of a whole value.
protocol IdentifiedCollection {
  /// The type of the collection's elements.
  static var elementType: Any.Type { get }
}

extension IdentifiedArray: IdentifiedCollection {
  static var elementType: Any.Type { Element.self }
}
