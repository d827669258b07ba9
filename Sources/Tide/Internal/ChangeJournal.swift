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

    @usableFromInline
    init(previous: UInt64, revision: UInt64, id: ID?) {
      self.previous = previous
      self.revision = revision
      self.id = id
    }
  }

  /// How many links it keeps.
  @usableFromInline static var capacity: Int { 16 }

  /// The revision of the latest change; unique to it in the process.
  @usableFromInline private(set) var revision: UInt64
  @usableFromInline private(set) var links: ContiguousArray<Link> = []

  @usableFromInline
  init(revision: UInt64) {
    self.revision = revision
  }

  /// Records a change, as revision `next`.
  @usableFromInline
  mutating func record(_ id: ID?, as next: UInt64) {
    if links.count == Self.capacity { links.removeFirst() }
    links.append(Link(previous: revision, revision: next, id: id))
    revision = next
  }

  /// The identifiers changed since `earlier`, or `nil` when the journal cannot tell.
  func changes(since earlier: UInt64) -> [ID]? {
    var current = revision
    var ids: [ID] = []
    var position = links.count - 1
    while current != earlier {
      // Links are in order, so the one that made `current` is at or before `position`.
      while position >= 0, links[position].revision != current { position -= 1 }
      guard position >= 0, let id = links[position].id else { return nil }
      ids.append(id)
      current = links[position].previous
      position -= 1
    }
    return ids
  }
}

extension IdentifiedArray {
  /// Records that the element with `id` (or, for `nil`, any number of elements) may have changed.
  @usableFromInline
  mutating func noteChange(of id: Element.ID?) {
    changes.record(id, as: Self.nextGeneration())
  }

  /// The revision of the latest change, unique to it among every `IdentifiedArray` of the process.
  var revision: UInt64 { changes.revision }

  /// The identifiers of the elements that may have changed (or been added or removed) since this
  /// collection, or an earlier copy of it, was at `revision`; `nil` when that cannot be told
  /// from the changes it keeps.
  func changedIDs(since revision: UInt64) -> [Element.ID]? {
    changes.changes(since: revision)
  }
}

extension ChangeJournal: Sendable where ID: Sendable {}
extension ChangeJournal.Link: Sendable where ID: Sendable {}
