import TideInspect

/// A change made to a shared copy in a step (see ``SharedStep``): the copy's key and its rank
/// once changed. Not its value: a note that held the value would share its storage, and each
/// further change in place in the step would copy the whole value.
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

  init<Value>(_ copy: Shared<Value>) {
    key =
      copy.elementReference.map { SharedCopies.ElementKey(key: copy.key, id: $0.id) }
      ?? .wholeValue(of: copy.key)
    isElement = copy.elementReference != nil
    changesElement = copy.elementReference.map { $0.link.id(of: copy.value) != $0.id } ?? false
    isNew = copy.isNew
    version = copy.version
  }

  /// Whether a copy of its key (for an element's change, of the element or of its collection)
  /// that ranks as it or above is anywhere in `state`, found by reflection: a copy the
  /// operators do not reach (a child a reducer runs by hand, in a closure) still holds the
  /// change, which that reducer's own sync gives the others later. A state too large to search
  /// whole (``SharedCopyAudit/maximumValues``) counts as holding it: no report without a proof.
  ///
  /// - Parameter state: The state at the end of the step.
  func isHeld(anywhereIn state: Any) -> Bool {
    var held = false
    // Inside copies too: a copy inside a shared value, changed, holds its change there (and the
    // test store's audit says that no operator keeps it in step).
    let searchedAll = SharedCopyFinder.visit(
      state, maximumValues: SharedCopyAudit.maximumValues, tracksPaths: false,
      searchesInsideCopies: true
    ) { found in
      guard !held, let copy = found.copy as? any SharedCopyValue,
        copy.sharedElementKey.key == key.key,
        !copy.isElementCopy || !isElement || copy.sharedElementKey == key
      else { return }
      held = isHeld(byRank: copy.sharedRank)
    }
    return held || !searchedAll
  }

  /// Whether a copy ranked `rank` holds this change or a later one: it ranks as the changed
  /// copy did, or above. A copy made with a value of its own (`Shared(key:value:)`) outranks
  /// the others until a sync gives every copy its value, and a version above theirs: after
  /// that sync, a higher version holds its change.
  func isHeld(byRank rank: (isNew: Bool, version: Int)) -> Bool {
    if rank.isNew == isNew { return rank.version >= version }
    return rank.isNew || rank.version > version
  }

  /// The report of a change that no copy held at the end of its step.
  var lostMessage: String {
    let name =
      isElement
      ? "element \(Inspector().line(key.id.base)) of \"\(key.key)\"" : "\"\(key.key)\""
    return """
      A change to the shared value \(name) was lost.

      No copy the state holds at the end of the step has the change: the copy changed was \
      removed in the same step (a parent changed its child's copy and removed the child), or \
      was a copy the reducer took from the state, changed, and did not keep. Change a copy that \
      stays: the parent's own, or the child's in the child's own reducer (a removed screen's \
      own change is kept).
      """
  }
}
