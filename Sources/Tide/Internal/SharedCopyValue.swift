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
}

extension Shared: SharedCopyValue {
  var sharedValue: Any { value }
  var sharedElementKey: SharedCopies.ElementKey {
    elementReference.map { SharedCopies.ElementKey(key: key, id: $0.id) } ?? .wholeValue(of: key)
  }
  var isElementCopy: Bool { elementReference != nil }
  var sharedRank: (isNew: Bool, version: Int) { (isNew, version) }
}
