extension IdentifiedArray {
  /// A field of the element with an identifier, or `nil` when there is none: what an element's
  /// binding reads, tracked as one value.
  subscript<Value>(id id: Element.ID, field field: KeyPath<Element, Value>) -> Value? {
    index(id: id).map { elements[$0][keyPath: field] }
  }
}
