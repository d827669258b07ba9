import Observation

/// The stores of the elements of one collection, scoped by identifier from one store.
///
/// After each batch it asks the collection which elements changed since it last looked
/// (``IdentifiedArray``'s change journal) and looks at those elements' stores alone, so a
/// thousand watched rows cost what one does when one row changes. When the collection cannot
/// tell (it was replaced, or changed more than its journal keeps), it looks at all of them.
@MainActor
final class ElementScopes<
  ParentState, ParentAction: Sendable, Element: Identifiable, ElementAction: Sendable
>: ScopeWatcher {
  /// The watch of the store they were scoped from, which keeps this family in its cache.
  private weak var parent: StoreWatch<ParentState>?
  private let path: KeyPath<ParentState, IdentifiedArray<Element>>
  private let action: CasePath<ParentAction, (Element.ID, ElementAction)>
  private var members: [Element.ID: Member] = [:]
  /// The collection's revision when it last looked; set when it starts watching.
  private var revision: UInt64 = 0
  private var isAttached = false
  private var sweepAt = 16

  /// Reads of which element has an identifier, made by calls of the scope: a view that scopes a
  /// row is told when the row comes or goes, or is replaced by another with the same identifier.
  /// Looked at only when their element changed.
  private var presenceReads: [Element.ID: PresenceRead] = [:]

  private struct PresenceRead {
    let subjectPath: KeyPath<StoreWatch<ParentState>, Int>
    /// The birth of the element read (see ``IdentifiedArray/birth(id:)``); `nil` when there was
    /// none.
    var birth: UInt64?
    var lineage: UInt64

    /// Whether the collection still has the element read: by birth in the same collection, by
    /// identifier in one that replaced it (the read then follows the new collection, as element
    /// stores do).
    mutating func isSame(in elements: IdentifiedArray<Element>, id: Element.ID) -> Bool {
      let now = elements.birth(id: id)
      if elements.lineage != lineage {
        guard (now == nil) == (birth == nil) else { return false }
        birth = now
        lineage = elements.lineage
        return true
      }
      return now == birth
    }
  }

  private struct Member {
    /// The watch of the element's store: alive while the store is, or while reads wait on it.
    weak var watch: StoreWatch<Element>?
    /// The watch, held while reads through it wait for a change: a row scoped, read and let go
    /// of in one view body must still be told.
    var held: StoreWatch<Element>?
    let presence: ScopePresence
    /// Which element the store was made for.
    let identity: ElementIdentity
  }

  var holdsWhileWatched: Bool { false }

  func entered(_ entry: AnyObject) {}

  init(
    parent: StoreWatch<ParentState>,
    path: KeyPath<ParentState, IdentifiedArray<Element>>,
    action: CasePath<ParentAction, (Element.ID, ElementAction)>
  ) {
    self.parent = parent
    self.path = path
    self.action = action
  }

  var count: Int { members.count }

  /// Records, for Observation, a read of which element has `id`.
  func trackPresence(of id: Element.ID, in store: Store<ParentState, ParentAction>) {
    let parent = store.watch
    if let read = presenceReads[id] {
      parent.registrar.access(parent, keyPath: read.subjectPath)
      return
    }
    let elements = store.currentState[keyPath: path]
    let subjectPath: KeyPath<StoreWatch<ParentState>, Int> =
      \StoreWatch.[observing: ReadKey(path: path, kind: .element(AnyHashable(id)))]
    presenceReads[id] = PresenceRead(
      subjectPath: subjectPath, birth: elements.birth(id: id), lineage: elements.lineage)
    attach(to: store)
    parent.registrar.access(parent, keyPath: subjectPath)
  }

  private func attach(to store: Store<ParentState, ParentAction>) {
    if isAttached { return }
    isAttached = true
    // Changes are counted from now: earlier ones were made before anything watched.
    revision = store.currentState[keyPath: path].revision
    store.addWatcher(self)
  }

  /// The store of the element with `id`: the one already made while it lives, else a new one;
  /// `nil` when there is no such element.
  func store(
    for id: Element.ID, in parent: Store<ParentState, ParentAction>
  ) -> Store<Element, ElementAction>? {
    let elements = parent.currentState[keyPath: path]
    guard let position = elements.index(id: id) else { return nil }
    var kept: StoreWatch<Element>?
    if let member = members[id] {
      if !member.identity.matches(elements, at: position) {
        member.presence.markGone()  // removed, and another added with its identifier
      } else if !member.presence.isGone, let watch = member.watch {
        if let store = watch.store as? Store<Element, ElementAction> { return store }
        kept = watch
      }
    }
    if kept == nil, members.count >= sweepAt {
      members = members.filter { $0.value.watch != nil && !$0.value.presence.isGone }
      sweepAt = max(16, members.count * 2)
    }
    let store = makeStore(
      id: id, initial: elements[position],
      identity: members[id]?.identity
        ?? ElementIdentity(birth: elements.births[position], lineage: elements.lineage),
      parent: parent, watch: kept)
    attach(to: parent)
    return store
  }

  private func makeStore(
    id: Element.ID, initial: Element, identity: ElementIdentity,
    parent: Store<ParentState, ParentAction>,
    watch kept: StoreWatch<Element>?
  ) -> Store<Element, ElementAction> {
    let projection: ScopeProjection<Element>
    if let kept = kept?.projection {
      projection = kept
    } else {
      let last = LastState(initial)
      let presence = ScopePresence(checksEveryBatch: false)
      presence.whenGone { [weak self] in
        if self?.members[id]?.identity === identity { self?.members[id] = nil }
      }
      let parentState = parent.watch.state
      let path = self.path
      projection = ScopeProjection(caches: parent.core.caches, presence: presence) {
        if !presence.isGone {
          let elements = parentState()[keyPath: path]
          if let position = elements.index(id: id), identity.matches(elements, at: position) {
            last.value = elements[position]
            return last.value
          }
          presence.markGone()
        }
        return last.value
      }
    }
    let presence = projection.presence!
    let path = self.path
    let embed = action.embed
    let sendToRoot = parent.sendToRoot
    let store = Store<Element, ElementAction>(
      scoped: ScopedCore(
        projection: projection,
        addObserver: { [parent] notify in
          parent.addObserver { _ in notify(projection.state()) }
        },
        // Its parent looks at it when its element changes, watched or not; while reads through
        // it wait, the family holds its watch.
        attach: { [weak self] _ in self?.hold(id, identity) },
        effects: parent.core.effects,
        caches: parent.core.caches
      ),
      send: { elementAction in
        if !presence.isGone { _ = projection.state() }  // notices an element that is gone
        if presence.isGone {
          reportSendToGoneScope(
            elementAction,
            what:
              "the element \(describe(id)) of \(ChildLifetime.stableName(of: path)), which is not in the collection"
          )
          return StoreTask()
        }
        return sendToRoot(embed((id, elementAction)))
      },
      watch: kept
    )
    store.watch.store = store
    if kept == nil {
      members[id] = Member(watch: store.watch, presence: presence, identity: identity)
    }
    return store
  }

  private func hold(_ id: Element.ID, _ identity: ElementIdentity) {
    guard let member = members[id], member.identity === identity else { return }
    members[id]?.held = member.watch
  }

  func refresh() -> Bool {
    guard let parent else { return false }
    let elements = parent.state()[keyPath: path]
    if elements.revision != revision {
      let changed =
        elements.changedIDs(since: revision).map { Set($0) }
        ?? Set(members.keys).union(presenceReads.keys)
      revision = elements.revision
      for id in changed {
        if var read = presenceReads[id] {
          if read.isSame(in: elements, id: id) {
            presenceReads[id] = read
          } else {
            presenceReads[id] = nil
            parent.registrar.withMutation(of: parent, keyPath: read.subjectPath) {}
          }
        }
        guard members[id] != nil else { continue }
        guard var watch = members[id]?.watch else {
          members[id] = nil
          continue
        }
        // Notices an element that is gone (by its birth), keeps its last state, and tells the
        // readers of what changed.
        if !watch.refresh() {
          members[id]?.held = nil
          // Nobody else holds it (its store is gone too): it goes now, and so does its entry.
          if isKnownUniquelyReferenced(&watch) { members[id] = nil }
        }
      }
    }
    if members.isEmpty && presenceReads.isEmpty {
      isAttached = false
      return false
    }
    return true
  }
}

/// Which element of a collection an element store was made for: its birth in its collection. In
/// the same collection, an element with the same identifier and another birth was added after the
/// store's was removed, and is another element. A collection replaced by another is matched by
/// identifier: the store then follows the element with its identifier in the new collection.
@MainActor
final class ElementIdentity {
  private var birth: UInt64
  private var lineage: UInt64

  init(birth: UInt64, lineage: UInt64) {
    self.birth = birth
    self.lineage = lineage
  }

  /// Whether the element at `position` of `elements` is the one: then, when `elements` replaced
  /// the collection it was known in, it is followed from now on in `elements`.
  func matches<Element: Identifiable>(_ elements: IdentifiedArray<Element>, at position: Int)
    -> Bool
  {
    if elements.lineage == lineage { return elements.births[position] == birth }
    lineage = elements.lineage
    birth = elements.births[position]
    return true
  }
}
