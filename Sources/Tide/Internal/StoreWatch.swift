import Observation

/// What Observation readers read through one store, and the stores scoped from it that need
/// looking at after each batch of actions.
///
/// A read through a store (`store.username`, `state`, a scope call) records the value it
/// returned. After each batch the root looks at its records: a value that differs from the one
/// recorded tells its readers (through the watch's `ObservationRegistrar`) and is forgotten, as
/// Observation's tracking is one-shot; the others stay. Then it asks the watches of the scoped
/// stores it looks at to do the same, each against its own state.
///
/// A read waits on the watch, not on the store it was made through: a view may scope, read and
/// let go of a store in one body, and must still be told. So a parent holds the watches of its
/// children while reads through them wait, and a watch holds no store: only the projection its
/// state comes from, which reaches the root's core through its parents' projections. A child
/// store holds its parent store (the app may keep only the child), but nothing below a store
/// holds it: once the app lets go of a root, the whole tree is freed and the root's effects are
/// cancelled, whatever reads still wait.
@MainActor
@usableFromInline
final class StoreWatch<State>: ScopeWatcher {
  let registrar = ObservationRegistrar()
  /// The state of the store it watches, computed without the store.
  @usableFromInline let state: () -> State
  /// For a scoped store: how its state is computed, to make a store again around this watch.
  let projection: ScopeProjection<State>?
  var reads: [ReadKey: TrackedRead<State>] = [:]
  /// The key paths the registrar knows reads by, kept after the reads fire: a view reads the same
  /// values again each time it renders, and building a key path in a generic type costs about a
  /// microsecond. As many as the distinct values read through the store.
  var subjectPaths: [ReadKey: AnyKeyPath] = [:]
  private var subjectPathLimit = 64
  /// The read of the whole state, also in `reads`: found here without hashing a key path, as
  /// tools and tests read `state` often.
  var stateRead: TrackedRead<State>?
  var children: [any ScopeWatcher] = []
  /// Whether the watch is in its parent's list (for a root: whether the root calls it).
  var isAttached = false
  /// The stores scoped from this one by key paths (their watches), for handing out the same
  /// store again.
  var scopeCache: ScopeCache?
  /// Whether the store came from a parent's cache: its parent then holds this watch while reads
  /// through it wait for a change.
  var isCached = false
  /// The entry its parent keeps for it in its list of what to look at after each batch.
  weak var entry: WeakWatcher?
  /// The store it watches, while anyone holds it: a scope call hands it out again.
  weak var store: AnyObject?

  /// Makes the watch of a root store.
  init(state: @escaping () -> State) {
    self.state = state
    self.projection = nil
  }

  /// Makes the watch of a scoped store.
  init(projection: ScopeProjection<State>) {
    self.state = { projection.state() }
    self.projection = projection
  }

  var isEmpty: Bool { reads.isEmpty && children.isEmpty }

  /// What the registrar identifies a read by.
  subscript(observing key: ReadKey) -> Int { 0 }

  /// Keeps a key path for reads of `key`; when they have grown to twice what was last kept,
  /// keeps only those of reads still waiting (a list read by identifier meets new ones for ever).
  func rememberSubjectPath(_ path: AnyKeyPath, for key: ReadKey) {
    if subjectPaths.count >= subjectPathLimit {
      subjectPaths = subjectPaths.filter { reads[$0.key] != nil }
      subjectPathLimit = max(64, subjectPaths.count * 2)
    }
    subjectPaths[key] = path
  }

  /// A function that tells the readers of `subjectPath` of a change.
  func willChange(_ subjectPath: KeyPath<StoreWatch, Int>) -> () -> Void {
    { [weak self] in
      guard let self else { return }
      self.registrar.withMutation(of: self, keyPath: subjectPath) {}
    }
  }

  /// Compares each recorded value with `state`; forgets those that changed and returns them.
  func takeChanged(in state: State) -> [TrackedRead<State>] {
    var changed: [TrackedRead<State>] = []
    for (key, read) in reads where read.hasChanged(state) {
      changed.append(read)
      reads[key] = nil
      if read === stateRead { stateRead = nil }
    }
    return changed
  }

  /// Refreshes the watched children; keeps those that still need it, and any added meanwhile.
  func refreshChildren() {
    if children.isEmpty { return }
    let current = children
    children = []
    var kept: [any ScopeWatcher] = []
    kept.reserveCapacity(current.count)
    for child in current where child.refresh() { kept.append(child) }
    children = kept + children
  }

  @usableFromInline
  var holdsWhileWatched: Bool { isCached && !isEmpty }

  @usableFromInline
  func entered(_ entry: AnyObject) {
    self.entry = entry as? WeakWatcher
  }

  /// Tells the readers of every value that changed, then looks at the watched scopes.
  @usableFromInline
  func refresh() -> Bool {
    if let presence = projection?.presence {
      if !presence.isGone { _ = state() }  // notices a child or element that is gone
      if presence.isGone {
        // Its state is frozen at the last one it saw: nothing read through it can change.
        reads.removeAll()
        stateRead = nil
        children.removeAll()
        isAttached = false
        return false
      }
    }
    if !reads.isEmpty {
      for read in takeChanged(in: state()) { read.willChange() }
    }
    refreshChildren()
    if isEmpty && !needsPresenceChecks {
      isAttached = false
      return false
    }
    return true
  }

  /// A scope of an optional child that is still there is looked at after every batch, read or
  /// not, so that it leaves the cache as soon as the child goes.
  private var needsPresenceChecks: Bool {
    guard let presence = projection?.presence else { return false }
    return !presence.isGone && presence.checksEveryBatch
  }
}

extension StoreWatch: Observable {}

/// Something a store looks at after each batch: a scoped store, or the element stores of one
/// collection.
@MainActor
@usableFromInline
protocol ScopeWatcher: AnyObject {
  /// Whether its parent keeps it alive for now: a store from a cache while reads through it wait
  /// for a change (a view may scope in its body, read through the store and let go of it at
  /// once, and must still be told).
  var holdsWhileWatched: Bool { get }

  /// Told of the entry (a ``WeakWatcher``) its parent keeps for it, to ask it to hold it later.
  func entered(_ entry: AnyObject)

  /// Looks at the state after a batch and tells readers of what changed.
  ///
  /// - Returns: Whether it needs looking at after the next batch too.
  func refresh() -> Bool
}

/// A watcher in its parent's list: held weakly (a store nobody holds is freed, and its entry
/// then dropped), or strongly while it needs looking at when it says so.
@MainActor
final class WeakWatcher: ScopeWatcher {
  weak var watcher: (any ScopeWatcher)?
  private var held: (any ScopeWatcher)?

  init(_ watcher: any ScopeWatcher) {
    self.watcher = watcher
    if watcher.holdsWhileWatched { held = watcher }
  }

  var holdsWhileWatched: Bool { false }

  func entered(_ entry: AnyObject) {}

  /// Holds the watcher now if it asks to be held: a read was recorded through it.
  func holdIfNeeded() {
    if let watcher, watcher.holdsWhileWatched { held = watcher }
  }

  func refresh() -> Bool {
    guard let watcher, watcher.refresh() else {
      held = nil
      return false
    }
    // Still looked at (an optional child's presence), but held only while reads wait.
    held = watcher.holdsWhileWatched ? watcher : nil
    return true
  }
}

/// What a read recorded: where in the state, and which question about that place.
struct ReadKey: Hashable {
  enum Kind: Hashable {
    /// The value at the path.
    case value
    /// Whether the optional at the path is `nil`.
    case presence
    /// Whether the collection at the path has an element with this identifier.
    case element(AnyHashable)
  }

  let path: AnyKeyPath
  let kind: Kind
}

/// A value read through a store, as it was when read.
@MainActor
class TrackedRead<State> {
  /// The key path the store's registrar knows the read by.
  let subjectPath: AnyKeyPath
  /// Tells the readers, through the store's registrar.
  let willChange: () -> Void

  init(subjectPath: AnyKeyPath, willChange: @escaping () -> Void) {
    self.subjectPath = subjectPath
    self.willChange = willChange
  }

  func hasChanged(_ state: State) -> Bool { true }
}

/// A read of one value, compared with `==` when it has one.
@MainActor
final class TrackedValue<State, Value>: TrackedRead<State> {
  let read: (State) -> Value
  let last: Value
  /// `nil` for values that are not `Equatable`: those count as changed after every batch.
  let isEqual: ((Value, Value) -> Bool)?

  init(
    read: @escaping (State) -> Value, last: Value, isEqual: ((Value, Value) -> Bool)?,
    subjectPath: AnyKeyPath, willChange: @escaping () -> Void
  ) {
    self.read = read
    self.last = last
    self.isEqual = isEqual
    super.init(subjectPath: subjectPath, willChange: willChange)
  }

  override func hasChanged(_ state: State) -> Bool {
    guard let isEqual else { return true }
    return !isEqual(last, read(state))
  }
}

/// `==` for a value whose type is `Equatable` at run time, or `nil`.
package func runtimeEquality<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  func equality<E: Equatable>(_: E.Type) -> (Value, Value) -> Bool {
    { ($0 as! E) == ($1 as! E) }
  }
  return equality(equatable)
}
