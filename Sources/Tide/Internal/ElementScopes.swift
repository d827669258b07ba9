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
  private weak var parent: Store<ParentState, ParentAction>?
  private let path: KeyPath<ParentState, IdentifiedArray<Element>>
  private let action: CasePath<ParentAction, (Element.ID, ElementAction)>
  private var members: [Element.ID: Member] = [:]
  /// The collection's revision when it last looked; set when it starts watching.
  private var revision: UInt64 = 0
  private var isAttached = false
  private var sweepAt = 16

  /// Reads of whether an element is there, made by calls of the scope: a view that scopes a row
  /// is told when the row comes or goes. Looked at only when their element changed.
  private var presenceReads: [Element.ID: PresenceRead] = [:]

  private struct PresenceRead {
    let subjectPath: KeyPath<Store<ParentState, ParentAction>, Int>
    let isPresent: Bool
  }

  private struct Member {
    weak var store: Store<Element, ElementAction>?
    let presence: ScopePresence
    /// The store, held while reads through it wait for a change: a row scoped, read and let go
    /// of in one view body must still be told.
    var held: Store<Element, ElementAction>?
  }

  var holdsWhileWatched: Bool { false }

  func entered(_ entry: AnyObject) {}

  init(
    parent: Store<ParentState, ParentAction>,
    path: KeyPath<ParentState, IdentifiedArray<Element>>,
    action: CasePath<ParentAction, (Element.ID, ElementAction)>
  ) {
    self.parent = parent
    self.path = path
    self.action = action
  }

  var count: Int { members.count }

  /// Records, for Observation, a read of whether the element with `id` is there.
  func trackPresence(of id: Element.ID) {
    guard let parent else { return }
    if let read = presenceReads[id] {
      parent.registrar.access(parent, keyPath: read.subjectPath)
      return
    }
    let isPresent = parent.currentState[keyPath: path].index(id: id) != nil
    let subjectPath: KeyPath<Store<ParentState, ParentAction>, Int> =
      \Store.[observing: ReadKey(path: path, kind: .element(AnyHashable(id)))]
    presenceReads[id] = PresenceRead(subjectPath: subjectPath, isPresent: isPresent)
    attach(to: parent)
    parent.registrar.access(parent, keyPath: subjectPath)
  }

  private func attach(to parent: Store<ParentState, ParentAction>) {
    if isAttached { return }
    isAttached = true
    // Changes are counted from now: earlier ones were made before anything watched.
    revision = parent.currentState[keyPath: path].revision
    parent.watch(self)
  }

  /// The store of the element with `id`: the one already made while it lives, else a new one;
  /// `nil` when there is no such element.
  func store(for id: Element.ID) -> Store<Element, ElementAction>? {
    guard let parent else { return nil }
    if let member = members[id], let store = member.store, !member.presence.isGone {
      return store
    }
    guard let initial = parent.currentState[keyPath: path][id: id] else { return nil }
    let store = makeStore(id: id, initial: initial, parent: parent)
    if members.count >= sweepAt {
      members = members.filter { $0.value.store != nil && !$0.value.presence.isGone }
      sweepAt = max(16, members.count * 2)
    }
    attach(to: parent)
    return store
  }

  private func makeStore(
    id: Element.ID, initial: Element, parent: Store<ParentState, ParentAction>
  ) -> Store<Element, ElementAction> {
    let last = LastState(initial)
    let presence = ScopePresence(checksEveryBatch: false) { [weak self] in
      self?.members[id] = nil
    }
    let path = self.path
    let embed = action.embed
    let sendToRoot = parent.sendToRoot
    let store = Store<Element, ElementAction>(
      scoped: ScopedCore(
        project: { [parent] in
          if !presence.isGone, let element = parent.currentState[keyPath: path][id: id] {
            last.value = element
            return element
          }
          presence.markGone()
          return last.value
        },
        addObserver: { [parent] notify in
          parent.addObserver { state in
            notify((presence.isGone ? nil : state[keyPath: path][id: id]) ?? last.value)
          }
        },
        // Its parent looks at it when its element changes, watched or not; while reads through
        // it wait, the family holds it.
        attach: { [weak self] _ in self?.hold(id) },
        effects: parent.core.effects,
        caches: parent.core.caches,
        presence: presence
      ),
      send: { [parent] elementAction in
        if !presence.isGone, parent.currentState[keyPath: path].index(id: id) == nil {
          presence.markGone()
        }
        if presence.isGone {
          reportSendToGoneScope(
            elementAction, what: "the element \(describe(id)) of \(path), which was removed")
          return StoreTask()
        }
        return sendToRoot(embed((id, elementAction)))
      }
    )
    members[id] = Member(store: store, presence: presence)
    return store
  }

  private func hold(_ id: Element.ID) {
    let store = members[id]?.store
    members[id]?.held = store
  }

  func refresh() -> Bool {
    guard let parent else { return false }
    let elements = parent.currentState[keyPath: path]
    if elements.revision != revision {
      let changed =
        elements.changedIDs(since: revision).map { Set($0) }
        ?? Set(members.keys).union(presenceReads.keys)
      // Removed and added again in one batch: a new element, for which the old store must not
      // stand in.
      let removed = Set(elements.removedIDs(since: revision) ?? [])
      revision = elements.revision
      for id in changed {
        if let read = presenceReads[id], read.isPresent != (elements.index(id: id) != nil) {
          presenceReads[id] = nil
          parent.registrar.withMutation(of: parent, keyPath: read.subjectPath) {}
        }
        guard let member = members[id] else { continue }
        guard let store = member.store else {
          members[id] = nil
          continue
        }
        if elements.index(id: id) == nil || removed.contains(id) { member.presence.markGone() }
        if !store.refresh() { members[id]?.held = nil }
      }
    }
    if members.isEmpty && presenceReads.isEmpty {
      isAttached = false
      return false
    }
    return true
  }
}
