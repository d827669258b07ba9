import TideInspect

/// The value each shared key's copies take, found by collecting every copy a state holds.
///
/// Copies of one element of a shared collection (``Shared/element(id:)``) are collected as the
/// copies of a key of their own, the collection's key and the element's identifier; ``resolve()``
/// then gives the collection the newest element's change, and each element the collection's
/// element.
@usableFromInline
struct SharedCopies {
  /// What was found for one key.
  struct Found {
    /// The newest copy's value: the first found of the newest.
    var value: Any
    /// The newest copy's rank: made with a value of its own, then its version.
    var isNew: Bool
    var version: Int
    /// The highest version of any copy: a value assigned whole (version 0, new) must outrank
    /// every copy already counted, kept ones too.
    var highest: Int
    /// The type of the copies' values.
    var type: Any.Type
    /// Whether some copy must be written: it is older, new, or a placeholder never synced.
    var needsUpdate: Bool
    /// For copies of an element, how they reach their collection, and how two elements compare.
    var link: (any SharedElementLink.Type)?
    var isEqual: ((Any, Any) -> Bool)?

    /// The version every copy gets: above every count seen, and at least 1, so that a copy
    /// made later with a default (version 0) is older.
    var target: Int { max(highest, 1) + (isNew ? 1 : 0) }

    /// Whether the newest copy outranks `other`'s.
    func isNewer(than other: Found) -> Bool {
      (isNew && !other.isNew) || (isNew == other.isNew && version > other.version)
    }

    /// Whether the newest copy ranks as `other`'s.
    func ranksAs(_ other: Found) -> Bool {
      isNew == other.isNew && version == other.version
    }
  }

  /// An element of a shared collection: the collection's key and the element's identifier.
  struct ElementKey: Hashable {
    var key: String
    var id: AnyHashable

    /// The key of a whole value rather than of an element (no element has this identifier).
    static func wholeValue(of key: String) -> Self {
      Self(key: key, id: AnyHashable(WholeValue()))
    }

    /// The identifier ``wholeValue(of:)`` gives: a type of its own, equal to no element's.
    private struct WholeValue: Hashable {}
  }

  var found: [String: Found] = [:]
  /// The key `note` looked up last, and its entry's index in `found` (see `note`).
  private var lastKey: String?
  private var lastIndex: [String: Found].Index?
  /// The copies of elements, by collection and element, and the order they were first found.
  var elements: [ElementKey: Found] = [:]
  private var elementOrder: [ElementKey] = []
  /// How many copies were noted.
  var noted = 0
  /// Problems to report, one per key: copies changed to different values, copies of one key
  /// with different types.
  var problems: [String] = []
  private var reported: Set<String> = []

  /// Whether some copy must take the value of its key.
  var needsUpdate: Bool {
    found.values.contains { $0.needsUpdate } || elements.values.contains { $0.needsUpdate }
  }

  /// Notes a copy.
  @usableFromInline
  mutating func note<Value>(_ copy: Shared<Value>) {
    noted += 1
    guard let reference = copy.elementReference else {
      // Merged in place: one lookup, and the entry is not copied out and back. Copies come by
      // key in runs (a list's rows all hold the same one), so the last key's entry is kept at
      // hand: no hashing of the key for each copy. Merging changes an entry in place, which
      // keeps the index valid; adding an entry does not.
      let index: [String: Found].Index?
      if let lastIndex, lastKey == copy.key {
        index = lastIndex
      } else {
        index = found.index(forKey: copy.key)
        (lastKey, lastIndex) = (copy.key, index)
      }
      if let index {
        let problem = Self.merge(copy, rank: (copy.isNew, copy.version), into: &found.values[index])
        if let problem { report(problem, copy.key, element: nil) }
      } else {
        found[copy.key] = Self.entry(copy, rank: (copy.isNew, copy.version), link: nil)
        (lastKey, lastIndex) = (nil, nil)
      }
      return
    }
    let key = ElementKey(key: copy.key, id: reference.id)
    var rank = (isNew: copy.isNew, version: copy.version)
    let held = reference.link.id(of: copy.value)
    if held != reference.id {
      let element = Inspector().line(reference.id.base)
      // Older than any copy: it takes its element back, when anything holds it.
      rank = (false, -1)
      report(
        "\(copy.key)[\(element)] identity",
        """
        A copy of element \(element) of the shared value "\(copy.key)" now holds element \
        \(Inspector().line(held.base)).

        An element's identifier must not change: the copy takes element \(element) back when a \
        copy of it or of the collection holds it, and otherwise becomes a copy of element \
        \(Inspector().line(held.base)). To show another element, make a copy of it with \
        element(id:).
        """)
    }
    if let index = elements.index(forKey: key) {
      let problem = Self.merge(copy, rank: rank, into: &elements.values[index])
      if let problem { report(problem, copy.key, element: reference.id) }
    } else {
      elementOrder.append(key)
      elements[key] = Self.entry(copy, rank: rank, link: reference.link)
    }
  }

  /// What two copies of one key disagree on.
  private enum Mismatch {
    /// The earlier copies hold values of this type.
    case types(Any.Type, Any.Type)
    /// Both changed, to different values.
    case changedTwice
  }

  /// The entry of the first copy of a key: made once a key, since boxing the value allocates.
  private static func entry<Value>(
    _ copy: Shared<Value>, rank: (isNew: Bool, version: Int), link: (any SharedElementLink.Type)?
  ) -> Found {
    Found(
      value: copy.value, isNew: rank.isNew, version: rank.version, highest: rank.version,
      type: Value.self, needsUpdate: rank.isNew || rank.version <= 0, link: link,
      isEqual: link == nil ? nil : { ($0 as? Value) == ($1 as? Value) })
  }

  /// Notes in `entry`, the copies of one key found so far, that `copy`, ranked as `rank`, was
  /// found too; returns what they disagree on, if anything.
  @inline(__always)
  private static func merge<Value>(
    _ copy: Shared<Value>, rank: (isNew: Bool, version: Int), into entry: inout Found
  ) -> Mismatch? {
    guard let value = entry.value as? Value else { return .types(entry.type, Value.self) }
    if rank.version > entry.highest { entry.highest = rank.version }
    let sameRank = rank.isNew == entry.isNew && rank.version == entry.version
    if (rank.isNew && !entry.isNew) || (rank.isNew == entry.isNew && rank.version > entry.version) {
      entry.value = copy.value
      entry.isNew = rank.isNew
      entry.version = rank.version
      entry.needsUpdate = true
    } else if !sameRank || rank.isNew || value != copy.value {
      entry.needsUpdate = true
      if sameRank, rank.isNew || rank.version > 0, value != copy.value { return .changedTwice }
    }
    return nil
  }

  private mutating func report(_ mismatch: Mismatch, _ key: String, element: AnyHashable?) {
    switch mismatch {
    case .types(let type, let other): reportTypes(key, type, other)
    case .changedTwice: reportChangedTwice(key, element: element)
    }
  }

  /// Reports copies of `key` holding `type` and `other` (`other` spelled as `spelling`, when
  /// given): a collection and its element type get a hint.
  private mutating func reportTypes(
    _ key: String, _ type: Any.Type, _ other: Any.Type, spelling: String? = nil
  ) {
    let isElement =
      spelling == nil
      && ((type as? any IdentifiedCollection.Type)?.elementType == other
        || (other as? any IdentifiedCollection.Type)?.elementType == type)
    let hint =
      isElement
      ? " A copy of one element of the collection is made with element(id:), or with "
        + "Shared(key:element:)." : ""
    // In one order, whichever copy was found first: the expected state of a test store and
    // the store's own state then report the same problem in the same words.
    var names = [String(reflecting: type), spelling ?? String(reflecting: other)]
    if spelling == nil { names.sort() }
    report(
      key,
      """
      Two features share the value "\(key)" with different types: \
      \(names[0]) and \(names[1]).

      Copies of one key hold one type; give the other value a key of its own.\(hint)
      """)
  }

  /// Gives each collection the change made to a copy of one of its elements, when that copy is
  /// newer, and each element's copies the element their collection holds: called once every
  /// copy is noted. An element's copies without a copy of their collection stay as noted.
  mutating func resolve() {
    guard !elementOrder.isEmpty else { return }
    // A collection assigned whole outranks its elements' copies too.
    for key in elementOrder {
      guard var collection = found[key.key] else { continue }
      collection.highest = max(collection.highest, elements[key]!.highest)
      found[key.key] = collection
    }
    // Older changes first, so that the newest is applied last; in the order found otherwise.
    let order = elementOrder.enumerated()
      .filter { found[$0.element.key].map(elements[$0.element]!.isNewer(than:)) ?? false }
      .sorted { first, second in
        let (one, other) = (elements[first.element]!, elements[second.element]!)
        if other.isNewer(than: one) { return true }
        return !one.isNewer(than: other) && first.offset < second.offset
      }
      .map(\.element)
    for key in order {
      guard var collection = found[key.key], let element = elements[key],
        let link = element.link, collection.type == link.collectionType
      else { continue }
      if link.replace(element.value, in: &collection.value) {
        collection.isNew = element.isNew
        collection.version = element.version
        collection.highest = max(collection.highest, element.highest)
        collection.needsUpdate = true
        found[key.key] = collection
      } else {
        // The collection's copies take the element's rank, so that the next sync, which finds
        // the element no newer, does not report it again.
        collection.highest = max(collection.highest, element.highest)
        collection.needsUpdate = true
        found[key.key] = collection
        let id = Inspector().line(key.id.base)
        report(
          "\(key.key)[\(id)]",
          """
          A copy of element \(id) of the shared value "\(key.key)" changed, but the collection \
          holds no element \(id).

          The element was removed from the collection, or never added to it, so the \
          collection's copies cannot take the change: it stays in the element's copy alone. \
          Change an element only while its collection holds it; a screen tested alone with a \
          copy of the collection too needs the element in that copy.
          """)
      }
    }
    for key in elementOrder {
      guard var element = elements[key], let link = element.link, let isEqual = element.isEqual,
        let collection = found[key.key]
      else { continue }
      guard collection.type == link.collectionType else {
        reportTypes(
          key.key, collection.type, link.collectionType,
          spelling: "an element of \(String(reflecting: link.collectionType))")
        continue
      }
      let current = link.element(key.id, in: collection.value)
      if let current, collection.ranksAs(element), element.isNew || element.version > 0,
        !isEqual(current, element.value)
      {
        reportChangedApart(key.key, element: key.id)
      }
      if element.needsUpdate || element.isNew || element.highest != collection.target
        || current.map({ !isEqual($0, element.value) }) == true
      {
        element.needsUpdate = true
      }
      if let current { element.value = current }
      element.isNew = collection.isNew
      element.version = collection.version
      element.highest = collection.highest
      elements[key] = element
    }
  }

  /// Reports a collection and a copy of one of its elements changed as often, to different
  /// values of the element.
  private mutating func reportChangedApart(_ key: String, element: AnyHashable) {
    let id = Inspector().line(element.base)
    report(
      key,
      """
      The shared value "\(key)" and a copy of its element \(id) were changed apart in one step.

      Both changed as often, to different values of element \(id), so neither is the newer: \
      the collection's was kept. Change the value in one place (a \
      feature changes its own copy, and Tide gives it to the others); a reducer that changes \
      both a collection and a copy of one of its elements keeps only the copy changed more \
      often.
      """)
  }

  private mutating func reportChangedTwice(_ key: String, element: AnyHashable?) {
    let name =
      element.map { "element \(Inspector().line($0.base)) of the shared value \"\(key)\"" }
      ?? "shared value \"\(key)\""
    report(
      key,
      """
      The \(name) was changed in two places in one step.

      Two copies were changed, or made with Shared(key:value:), to different values, so \
      neither is the newer: the first found was kept. Change the value in one place (a \
      feature changes its own copy, and Tide gives it to the others), and declare the \
      copies that take the others' value with Shared(key:default:).
      """)
  }

  private mutating func report(_ key: String, _ message: String) {
    guard reported.insert(key).inserted else { return }
    problems.append(message)
  }

  /// Whether a copy noted here holds `change`, or a change made after it: the newest copy of its
  /// key ranks as it or above (for an element's change, the newest copy of the element or of its
  /// collection, which takes the element's change in the step).
  func holds(_ change: SharedChange) -> Bool {
    func ranksAbove(_ entry: Found?) -> Bool {
      guard let entry else { return false }
      return change.isHeld(byRank: (entry.isNew, entry.version))
    }
    guard change.isElement else { return ranksAbove(found[change.key.key]) }
    return change.changesElement || ranksAbove(elements[change.key])
      || ranksAbove(found[change.key.key])
  }

  /// The entry `copy` takes its value from.
  private func entry<Value>(for copy: Shared<Value>) -> Found? {
    guard let reference = copy.elementReference else { return found[copy.key] }
    return elements[ElementKey(key: copy.key, id: reference.id)]
  }

  /// Whether `copy` must be written: it does not hold its key's value and version yet.
  @usableFromInline
  func isOutdated<Value>(_ copy: Shared<Value>) -> Bool {
    guard let entry = entry(for: copy), entry.needsUpdate, let value = entry.value as? Value
    else { return false }
    return copy.isNew || copy.version != entry.target || value != copy.value
  }

  /// Gives `copy` its key's value and version.
  @usableFromInline
  func update<Value>(_ copy: inout Shared<Value>) {
    guard let entry = entry(for: copy), let value = entry.value as? Value else { return }
    // Through the storage: a sync's write is not a change a step made (see `SharedStep`).
    if value != copy.value { copy.storage = value }
    copy.version = entry.target
    copy.isNew = false
    // A copy whose element changed identifier, with nothing holding its element: it becomes a
    // copy of the element it holds.
    if let reference = copy.elementReference, reference.link.id(of: copy.value) != reference.id {
      copy.elementReference = SharedElementReference(
        link: reference.link, id: reference.link.id(of: copy.value))
    }
  }
}

/// How a reducer keeps the ``Shared`` copies of its state equal: every copy it can reach,
/// through the states of the children it composes.
@usableFromInline
struct SharedSync<State>: Sendable {
  @usableFromInline let fields: [SharedField<State>]
  /// Whether an operator below keeps the changes of a child it may remove in the step (see
  /// ``SharedStep``): only then does a step at the root keep them.
  @usableFromInline var stashes = false

  /// When the reducer reaches one field, of at most one copy: whether that copy is settled (see
  /// ``SharedField/isSettledAlone``). Kept apart from `fields`, so that a sync reads it without
  /// looking up the fields' generic type.
  @usableFromInline let isSettledAlone: (@Sendable (State) -> Bool)?

  @usableFromInline
  init(stashes: Bool = false, fields: [SharedField<State>]) {
    self.fields = fields
    self.stashes = stashes
    isSettledAlone = fields.count == 1 ? fields[0].isSettledAlone : nil
  }

  /// The copies a state of this type holds itself, when it lists them.
  @usableFromInline
  static func own(_ type: State.Type) -> Self? {
    guard let shared = type as? any SharedState.Type else { return nil }
    func fields<S: SharedState>(_: S.Type) -> [SharedField<State>] {
      // `S` is `State`, opened from its metatype.
      S.sharedFields as! [SharedField<State>]
    }
    let found = fields(shared)
    return found.isEmpty ? nil : Self(fields: found)
  }

  /// The copies both reach.
  @usableFromInline
  static func merging(_ first: Self?, _ second: Self?) -> Self? {
    guard let first else { return second }
    guard let second else { return first }
    return Self(stashes: first.stashes || second.stashes, fields: first.fields + second.fields)
  }

  /// Runs a step at a root (`reduce`), then gives every copy its key's value; with `stashes`,
  /// a change made by a screen the step removes is kept, and given to the copies that remain. A
  /// change to a copy that no copy holds at the end of the step is reported (see ``SharedStep``).
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - origin: The store whose root this is (``SharedSaveOrigin``); 0 for a reduction outside
  ///     a store (the REPL's history, a reducer run by hand).
  ///   - reduce: The step.
  func reduceAtRoot<Action>(
    _ state: inout State, origin: UInt64 = 0, _ reduce: (inout State) -> Effect<Action>
  ) -> Effect<Action> {
    let outer = SharedStep.begin(keepsRemovedChanges: stashes, origin: origin)
    let effect = reduce(&state)
    sync(&state, keeping: SharedStep.end(outer))
    return effect
  }

  /// Gives every copy its key's value; reports copies that disagree without one to keep.
  /// `step`'s kept changes count as copies found first.
  @usableFromInline
  func sync(_ state: inout State, keeping step: SharedStep? = nil) {
    // One copy, settled, and no change kept from a removed screen: nothing to compare it with,
    // nothing to give it (the state of most steps of an app whose other screens are closed).
    if let isSettledAlone, step?.isEmpty ?? true, isSettledAlone(state) { return }
    var copies = SharedCopies()
    for note in step?.kept ?? [] { note(&copies) }
    for field in fields { field.collect(state, &copies) }
    copies.resolve()
    for problem in copies.problems { SharedStep.report(problem, in: step) }
    for change in step?.changes.values ?? [:].values
    where !copies.holds(change) && !change.isHeld(anywhereIn: state) {
      SharedStep.report(change.lostMessage, in: step)
    }
    guard copies.needsUpdate else { return }
    for field in fields { field.apply(&state, copies) }
  }

  /// The copies of a child's state, reached through `keyPath`.
  @inlinable
  func pulledBack<Parent>(_ keyPath: any WritableKeyPath<Parent, State> & Sendable)
    -> SharedSync<Parent>
  {
    // Applied by offset where the child is stored inline: a sync reads it for every field.
    let child = InlineKeyPath(keyPath)
    return SharedSync<Parent>(
      stashes: stashes,
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in child.reading(parent) { field.collect($0, &copies) } },
          isOutdated: { parent, copies in
            child.reading(parent) { field.isOutdated($0, copies) }
          },
          apply: { parent, copies in
            if child.reading(parent, { field.isOutdated($0, copies) }) {
              child.modify(&parent) { field.apply(&$0, copies) }
            }
          },
          stash: { parent, step in child.reading(parent) { field.stash($0, step) } },
          isSettledAlone: field.isSettledAlone.map { isSettled -> @Sendable (Parent) -> Bool in
            { parent in child.reading(parent, isSettled) }
          })
      })
  }

  /// The copies of an optional child's state, reached through `keyPath` while it is there.
  @inlinable
  func optional<Parent>(_ keyPath: any WritableKeyPath<Parent, State?> & Sendable)
    -> SharedSync<Parent>
  {
    let slot = InlineKeyPath(keyPath)
    return SharedSync<Parent>(
      stashes: stashes,
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            slot.reading(parent) { child in if let child { field.collect(child, &copies) } }
          },
          isOutdated: { parent, copies in
            slot.reading(parent) { child in child.map { field.isOutdated($0, copies) } ?? false }
          },
          apply: { parent, copies in
            let isOutdated = slot.reading(parent) { child in
              child.map { field.isOutdated($0, copies) } ?? false
            }
            guard isOutdated else { return }
            slot.modify(&parent) { field.apply(&$0!, copies) }
          },
          stash: { parent, step in
            slot.reading(parent) { child in if let child { field.stash(child, step) } }
          },
          isSettledAlone: field.isSettledAlone.map { isSettled -> @Sendable (Parent) -> Bool in
            { parent in slot.reading(parent) { child in child.map(isSettled) ?? true } }
          })
      })
  }

  /// The copies of a child's state, reached through an enum case.
  @inlinable
  func pulledBack<Parent>(_ casePath: CasePath<Parent, State>) -> SharedSync<Parent> {
    SharedSync<Parent>(
      stashes: stashes,
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            if let child = casePath.extract(parent) { field.collect(child, &copies) }
          },
          isOutdated: { parent, copies in
            casePath.extract(parent).map { field.isOutdated($0, copies) } ?? false
          },
          apply: { parent, copies in
            guard var child = casePath.extract(parent), field.isOutdated(child, copies) else {
              return
            }
            field.apply(&child, copies)
            parent = casePath.embed(child)
          },
          stash: { parent, step in
            if let child = casePath.extract(parent) { field.stash(child, step) }
          },
          isSettledAlone: field.isSettledAlone.map { isSettled -> @Sendable (Parent) -> Bool in
            { parent in casePath.extract(parent).map(isSettled) ?? true }
          })
      })
  }

  /// The copies of each element's state, reached through `keyPath`.
  @inlinable
  func elements<Parent>(
    _ keyPath: any WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable
  ) -> SharedSync<Parent> where State: Identifiable & SendableMetatype {
    SharedSync<Parent>(
      stashes: stashes,
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            for element in parent[keyPath: keyPath] { field.collect(element, &copies) }
          },
          isOutdated: { parent, copies in
            parent[keyPath: keyPath].contains { field.isOutdated($0, copies) }
          },
          apply: { parent, copies in
            // The identifiers first: iterating the collection while writing to it would copy it.
            let outdated = parent[keyPath: keyPath].filter { field.isOutdated($0, copies) }
              .map(\.id)
            for id in outdated {
              _ = parent[keyPath: keyPath].modify(id: id) { field.apply(&$0, copies) }
            }
          },
          stash: { parent, step in
            for element in parent[keyPath: keyPath] { field.stash(element, step) }
          },
          isSettledAlone: nil)
      })
  }

  /// The copies of each screen's state in a stack, reached through `keyPath`.
  @inlinable
  func screens<Parent>(
    _ keyPath: any WritableKeyPath<Parent, StackState<State>> & Sendable
  ) -> SharedSync<Parent> {
    SharedSync<Parent>(
      stashes: stashes,
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            for screen in parent[keyPath: keyPath] { field.collect(screen, &copies) }
          },
          isOutdated: { parent, copies in
            parent[keyPath: keyPath].contains { field.isOutdated($0, copies) }
          },
          apply: { parent, copies in
            let outdated = parent[keyPath: keyPath].ids.filter { id in
              parent[keyPath: keyPath][id: id].map { field.isOutdated($0, copies) } == true
            }
            for id in outdated {
              _ = parent[keyPath: keyPath].modify(id: id) { field.apply(&$0, copies) }
            }
          },
          stash: { parent, step in
            for screen in parent[keyPath: keyPath] { field.stash(screen, step) }
          },
          isSettledAlone: nil)
      })
  }

  /// Keeps the changed copies of `state` in the step's changes, when a step is being reduced at
  /// a root.
  @usableFromInline
  func stash(_ state: State) {
    guard let step = SharedStep.currentKeeping else { return }
    for field in fields { field.stash(state, step) }
  }
}
