/// A copy's value, whatever its type: what a copy of an element finds its element in.
protocol SharedCopyValue {
  /// The copy's value.
  var sharedValue: Any { get }
  /// The copy's key; for a copy of an element, the element's identifier too.
  var sharedElementKey: SharedCopies.ElementKey { get }
  /// Whether it is a copy of an element.
  var isElementCopy: Bool { get }
  /// Its rank: made with a value of its own, then its version.
  var sharedRank: (isNew: Bool, version: Int) { get }
  /// Whether `other` is a copy of the same type holding a value equal to this one's.
  func holdsSameValue(as other: any SharedCopyValue) -> Bool
  /// Whether `other` is a copy of the same type: copies of one key with two types are reported
  /// elsewhere, and never compared.
  func hasSameType(as other: any SharedCopyValue) -> Bool
  /// Whether the copy's value is `value`.
  func holds(_ value: Any) -> Bool
  /// Whether `value` is of the copy's value's type.
  func hasSameType(of value: Any) -> Bool
  /// For a copy of an element: whether `collection`, a copy of the whole collection, holds the
  /// element under its identifier with this copy's value; `nil` when it holds no such element
  /// (or the copy is not one of an element).
  func agreesAsElement(with collection: any SharedCopyValue) -> Bool?
}

extension Shared: SharedCopyValue {
  var sharedValue: Any { value }
  var sharedElementKey: SharedCopies.ElementKey {
    elementReference.map { SharedCopies.ElementKey(key: key, id: $0.id) } ?? .wholeValue(of: key)
  }
  var isElementCopy: Bool { elementReference != nil }
  var sharedRank: (isNew: Bool, version: Int) { (isNew, version) }
  func holdsSameValue(as other: any SharedCopyValue) -> Bool {
    (other as? Self)?.value == value
  }
  func hasSameType(as other: any SharedCopyValue) -> Bool { other is Self }
  func holds(_ value: Any) -> Bool { (value as? Value) == self.value }
  func hasSameType(of value: Any) -> Bool { value is Value }
  func agreesAsElement(with collection: any SharedCopyValue) -> Bool? {
    guard let reference = elementReference,
      let element = reference.link.element(reference.id, in: collection.sharedValue)
    else { return nil }
    return element as? Value == value
  }
}
