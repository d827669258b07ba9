import TideInspect

/// A change made to a shared copy in a step (see ``SharedStep``): the copy's key, its rank once
/// changed, and its value.
struct SharedChange {
  /// The copy's key, and for a copy of an element, the element's identifier.
  let key: SharedCopies.ElementKey
  /// Whether the copy is a copy of an element.
  let isElement: Bool
  /// Whether the change gave an element's copy another element: reported as such when the step
  /// ends (see ``SharedCopies/note(_:)``), and never kept.
  let changesElement: Bool
  let isNew: Bool
  let version: Int
  let value: Any

  init<Value>(_ copy: Shared<Value>) {
    key = SharedCopies.ElementKey(key: copy.key, id: copy.elementReference?.id ?? AnyHashable(0))
    isElement = copy.elementReference != nil
    changesElement = copy.elementReference.map { $0.link.id(of: copy.value) != $0.id } ?? false
    isNew = copy.isNew
    version = copy.version
    value = copy.value
  }

  /// Whether a copy of its key (for an element's change, of the element or of its collection)
  /// that ranks as it or above is anywhere in `value`, found by reflection: a copy the
  /// operators do not reach (a child a reducer runs by hand, in a closure) still holds the
  /// change, which that reducer's own sync gives the others later.
  ///
  /// - Parameters:
  ///   - value: A state, or part of one.
  ///   - depth: How deep the walk is; it gives up (answering yes) past 64 levels.
  func isHeld(anywhereIn value: Any, depth: Int = 0) -> Bool {
    guard depth < 64 else { return true }
    if let copy = value as? any SharedCopyValue {
      let sameKey =
        copy.sharedElementKey.key == key.key
        && (!copy.isElementCopy || !isElement || copy.sharedElementKey == key)
      return sameKey && !outranks(copy.sharedRank)
    }
    let mirror = Mirror(reflecting: value)
    // A class can be reached twice, or hold itself: state is made of values.
    guard mirror.displayStyle != .class else { return false }
    return mirror.children.contains { isHeld(anywhereIn: $0.value, depth: depth + 1) }
  }

  /// Whether this change is newer than a copy ranked `rank`.
  func outranks(_ rank: (isNew: Bool, version: Int)) -> Bool {
    (isNew && !rank.isNew) || (isNew == rank.isNew && version > rank.version)
  }

  /// Whether this change is newer than `other`.
  func outranks(_ other: Self) -> Bool {
    (isNew && !other.isNew) || (isNew == other.isNew && version > other.version)
  }

  /// The report of a change that no copy held at the end of its step.
  var lostMessage: String {
    let name =
      isElement
      ? "element \(Inspector().line(key.id.base)) of \"\(key.key)\"" : "\"\(key.key)\""
    return """
      A change to the shared value \(name) was lost.

        Changed to: \(describe(value))

      No copy the state holds at the end of the step has the change: the copy changed was \
      removed in the same step (a parent changed its child's copy and removed the child), or \
      was a copy the reducer made and did not keep. Change a copy that stays: the parent's own, \
      or the child's in the child's own reducer (a removed screen's own change is kept).
      """
  }
}
