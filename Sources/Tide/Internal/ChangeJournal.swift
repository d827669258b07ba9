import Synchronization

/// The latest changes to an ``IdentifiedArray``'s elements, so that a store watching many
/// elements by identifier finds the few that changed without looking at the others.
///
/// Every change takes a new revision from a counter shared by the whole process, and the journal
/// keeps the last few as links from the revision before to the revision after, with the
/// identifier of the element changed. A watcher remembers the revision it last saw; the changes
/// since are the identifiers on the chain of links from the current revision back to that one.
/// When the chain breaks (the value was replaced by another, or by an older copy, or more changes
/// happened than the journal keeps), the answer is "unknown" and the watcher looks at everything.
@usableFromInline
struct ChangeJournal<ID: Hashable> {
  @usableFromInline
  struct Link {
    @usableFromInline let previous: UInt64
    @usableFromInline let revision: UInt64
    /// The element changed; `nil` when the change may have touched any number of them.
    @usableFromInline let id: ID?
    /// Whether the change removed the element.
    @usableFromInline let removed: Bool

    @usableFromInline
    init(previous: UInt64, revision: UInt64, id: ID?, removed: Bool) {
      self.previous = previous
      self.revision = revision
      self.id = id
      self.removed = removed
    }
  }

  /// How many links it keeps.
  @usableFromInline static var capacity: Int { 16 }

  /// The revision of the latest change; unique to it in the process.
  @usableFromInline private(set) var revision: UInt64
  /// A ring of the latest links: the newest is just before `next`.
  @usableFromInline private(set) var links: ContiguousArray<Link> = []
  @usableFromInline private(set) var next = 0

  @usableFromInline
  init(revision: UInt64) {
    self.revision = revision
  }

  /// Records a change, as revision `newRevision`.
  @inlinable
  mutating func record(_ id: ID?, removed: Bool = false, as newRevision: UInt64) {
    let link = Link(previous: revision, revision: newRevision, id: id, removed: removed)
    if links.count < Self.capacity {
      links.append(link)
    } else {
      links[next] = link
    }
    next = next + 1 == Self.capacity ? 0 : next + 1
    revision = newRevision
  }

  /// The identifiers changed since `earlier`, or `nil` when the journal cannot tell.
  func changes(since earlier: UInt64) -> [ID]? {
    links(since: earlier)?.map { $0.id! }
  }

  /// The links since `earlier`, newest first, or `nil` when the journal cannot tell.
  func links(since earlier: UInt64) -> [Link]? {
    var current = revision
    var found: [Link] = []
    // Newest first: the link that made `current` is the next one back, or the chain is broken.
    var position = next
    var remaining = links.count
    while current != earlier {
      guard remaining > 0 else { return nil }
      position = position == 0 ? links.count - 1 : position - 1
      remaining -= 1
      let link = links[position]
      guard link.revision == current, link.id != nil else { return nil }
      found.append(link)
      current = link.previous
    }
    return found
  }
}

extension IdentifiedArray {
  /// Records that the element with `id` (or, for `nil`, any number of elements) may have changed.
  @inlinable
  mutating func noteChange(of id: Element.ID?, removed: Bool = false) {
    changes.record(
      id, removed: removed, as: identifiedArrayRevisions.add(1, ordering: .relaxed).newValue)
  }

  /// The revision of the latest change, unique to it among every `IdentifiedArray` of the process.
  var revision: UInt64 { changes.revision }

  /// The identifiers of the elements that may have changed (or been added or removed) since this
  /// collection, or an earlier copy of it, was at `revision`; `nil` when that cannot be told
  /// from the changes it keeps.
  func changedIDs(since revision: UInt64) -> [Element.ID]? {
    changes.changes(since: revision)
  }

  /// The identifiers of the elements removed since `revision` (and perhaps added again), or
  /// `nil` when that cannot be told.
  func removedIDs(since revision: UInt64) -> [Element.ID]? {
    changes.links(since: revision)?.filter(\.removed).map { $0.id! }
  }
}

/// The source of ``IdentifiedArray``'s revisions.
@usableFromInline let identifiedArrayRevisions = Atomic<UInt64>(0)

extension ChangeJournal: Sendable where ID: Sendable {}
extension ChangeJournal.Link: Sendable where ID: Sendable {}
