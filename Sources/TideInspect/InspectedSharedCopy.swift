/// A copy of a shared value (Tide's `Shared`): in a diff, the first copy of a key that changed
/// shows the change, and the other copies of that key, which change with it, point to it. So a
/// shared change appears once, and a suggested assertion changes it once.
package protocol InspectedSharedCopy {
  /// The key all copies of the value have.
  var sharedKey: String { get }
  /// The copy's value: what a search for copies looks inside when asked to (a copy inside a
  /// shared value is never kept in step, and is reported).
  var sharedValueToSearch: Any { get }
  /// For a copy of one element of a shared collection, the element's identifier as states
  /// print it; `nil` for a copy of the whole value.
  var sharedElementID: String? { get }
  /// Whether this copy of an element holds the element that `collectionCopy`, a copy of the
  /// whole collection, holds under its identifier.
  func isElement(of collectionCopy: Any) -> Bool
  /// The field that prints the copy's value under a label that is not its property, with that
  /// property: a suggested assertion changes the value through the property.
  var sharedValueMember: (label: String, property: String)? { get }
  /// The label whose initializer comes closest to this copy's rank when read back: `value` for
  /// a copy made with a value of its own and not synced since (it outranks every other),
  /// `element` for a copy of an element, `default` for any other (read back, it takes the
  /// others' value; its count of changes has no spelling).
  var sharedRankLabel: String { get }
}

extension InspectedSharedCopy {
  /// What tells copies apart in a diff: the key, and the element for a copy of one element.
  var sharedIdentity: String {
    sharedElementID.map { "\(sharedKey)[id: \($0)]" } ?? sharedKey
  }

  /// How references to the copy spell it: `Shared(key: "saved")`, or
  /// `Shared(key: "syncUps", id: 1)` for a copy of one element.
  var sharedSpelling: String {
    let key = SwiftLiteral.string(sharedKey)
    return sharedElementID.map { "Shared(key: \(key), id: \($0))" } ?? "Shared(key: \(key))"
  }
}
