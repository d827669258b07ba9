import Synchronization

/// The latest changes to an ``IdentifiedArray``'s elements, so that a store watching many
/// elements by identifier finds the few that changed without looking at the others.
///
/// Every change gets a revision no other change in the process gets, and the journal keeps the
/// last few as links from the revision before to the revision after, with the identifier of the
/// element changed. A watcher remembers the revision it last saw; the changes since are the
/// identifiers on the chain of links from the current revision back to that one. When the chain
/// breaks (the value was replaced by another, or by an older copy, or more changes happened than
/// the journal keeps), the answer is "unknown" and the watcher looks at everything.
///
/// Revisions come in blocks: a journal takes a block from a counter shared by the whole process
/// and numbers its changes within it, without touching the counter again, while its links are its
/// own. A journal whose links another copy still holds takes a new block before it changes, so
/// two copies that part never number a change alike: the copies that hold one set of links are
/// always at the same revision, since changing it in place needs the links unshared.
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

  /// Where the ring of links stands: how many it holds, and where the next one goes.
  @usableFromInline
  struct RingHeader {
    @usableFromInline var count: Int
    @usableFromInline var next: Int

    @usableFromInline
    init(count: Int, next: Int) {
      self.count = count
      self.next = next
    }
  }

  /// The links, in a ring of ``capacity``: the newest is just before the header's `next`.
  /// Changed only while one journal holds it (see ``ChangeJournal/record(_:removed:)``); a buffer
  /// rather than a class with an array, whose every write would be checked for exclusive access
  /// at run time.
  @usableFromInline
  final class Links: ManagedBuffer<RingHeader, Link> {
    /// An empty ring.
    @usableFromInline
    static func make() -> Links {
      unsafeDowncast(
        Links.create(minimumCapacity: ChangeJournal.capacity) { _ in
          RingHeader(count: 0, next: 0)
        }, to: Links.self)
    }

    /// A ring holding what this one holds.
    @usableFromInline
    func copy() -> Links {
      let copy = Links.make()
      withUnsafeMutablePointers { header, links in
        copy.withUnsafeMutablePointers { copyHeader, copyLinks in
          copyLinks.initialize(from: links, count: header.pointee.count)
          copyHeader.pointee = header.pointee
        }
      }
      return copy
    }

    /// Adds a link, in place of the oldest when the ring is full. Only on a ring no other journal
    /// holds: ``ChangeJournal/record(_:removed:)`` makes sure of that first.
    @inlinable
    func append(_ link: Link) {
      withUnsafeMutablePointers { header, links in
        let next = header.pointee.next
        if header.pointee.count < ChangeJournal.capacity {
          (links + next).initialize(to: link)
          header.pointee.count &+= 1
        } else {
          links[next] = link
        }
        header.pointee.next = next &+ 1 == ChangeJournal.capacity ? 0 : next &+ 1
      }
    }

    /// The links from the newest back, until `body` returns `false`.
    func walkBack(_ body: (Link) -> Bool) {
      withUnsafeMutablePointers { header, links in
        var position = header.pointee.next
        for _ in 0..<header.pointee.count {
          position = position == 0 ? ChangeJournal.capacity - 1 : position - 1
          if !body(links[position]) { return }
        }
      }
    }

    deinit {
      _ = withUnsafeMutablePointers { header, links in
        links.deinitialize(count: header.pointee.count)
      }
    }
  }

  /// How many links it keeps.
  @usableFromInline static var capacity: Int { 16 }

  /// How many revisions one block holds: the low bits of a revision number a change within its
  /// block, and the other 52 the block (a journal takes a new block for every 4,096 changes, and
  /// every time it parts from a copy: at one every 50 ns, the blocks last seven years).
  @usableFromInline static var blockBits: UInt64 { 12 }

  /// The revision of the latest change; unique to it in the process.
  @usableFromInline private(set) var revision: UInt64
  /// The links; `nil` until the first change. Sendable as the journal's values are: a ring is
  /// changed only while one journal holds it, and read only through a journal.
  @usableFromInline private(set) nonisolated(unsafe) var links: Links?

  /// A journal with no change yet, at a revision of its own.
  @usableFromInline
  init() {
    revision = Self.newBlock()
  }

  /// The first revision of a block no journal has used.
  @usableFromInline
  static func newBlock() -> UInt64 {
    let block = journalBlocks.add(1, ordering: .relaxed).newValue
    // Past the last block, revisions would repeat, and a watcher could take a changed collection
    // for the one it saw: stop rather than answer wrongly.
    precondition(
      block < 1 << (64 - blockBits), "IdentifiedArray has used every revision of its change journal"
    )
    return block << blockBits
  }

  /// Records a change under a new revision.
  @inlinable @inline(__always)
  mutating func record(_ id: ID?, removed: Bool = false) {
    let previous = revision
    if !isKnownUniquelyReferenced(&links) {
      // Another copy holds these links and this revision: part from it in a block of our own.
      links = links?.copy() ?? Links.make()
      revision = Self.newBlock()
    } else if revision & ((1 << Self.blockBits) - 1) == (1 << Self.blockBits) - 1 {
      revision = Self.newBlock()
    } else {
      revision &+= 1
    }
    links.unsafelyUnwrapped.append(
      Link(previous: previous, revision: revision, id: id, removed: removed))
  }

  /// The identifiers changed since `earlier`, or `nil` when the journal cannot tell.
  func changes(since earlier: UInt64) -> [ID]? {
    links(since: earlier)?.map { $0.id! }
  }

  /// The links since `earlier`, newest first, or `nil` when the journal cannot tell.
  func links(since earlier: UInt64) -> [Link]? {
    var current = revision
    var found: [Link] = []
    guard current != earlier else { return found }
    guard let links else { return nil }
    // Newest first: the link that made `current` is the next one back, or the chain is broken.
    var complete = false
    links.walkBack { link in
      guard link.revision == current, link.id != nil else { return false }
      found.append(link)
      current = link.previous
      complete = current == earlier
      return !complete
    }
    return complete ? found : nil
  }
}

extension IdentifiedArray {
  /// Records that the element with `id` (or, for `nil`, any number of elements) may have changed.
  @inlinable @inline(__always)
  mutating func noteChange(of id: Element.ID?, removed: Bool = false) {
    changes.record(id, removed: removed)
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

/// The source of ``ChangeJournal``'s blocks of revisions.
@usableFromInline let journalBlocks = Atomic<UInt64>(0)

extension ChangeJournal: Sendable where ID: Sendable {}
extension ChangeJournal.Link: Sendable where ID: Sendable {}
