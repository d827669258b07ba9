import Synchronization
import TideInspect

/// An ordered collection of identifiable elements, with each element found by its identifier in
/// constant time.
///
/// Use it for the rows of a list whose elements run features of their own: ``Reducer``'s
/// `forEach(_:action:environment:child:fileID:filePath:line:column:)` finds the element an
/// action is for by its identifier rather than by searching, and cancels the effects of the
/// elements a step removes.
///
/// ```swift
/// struct Row: Identifiable {
///   let id: Int
///   var title = ""
/// }
/// var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
/// rows[id: 2]?.title = "Second"
/// rows.remove(id: 1)
/// print(rows.map(\.id))  // [2]
/// ```
///
/// Identifiers are unique: adding an element whose identifier is already present replaces that
/// element in place. An element's identifier must not change while it is in the collection.
///
/// Lookups go through a hash table of positions beside the elements. Identifiers that are
/// 64-bit integers (`Int`, `UInt`, `Int64`, `UInt64`) are hashed with keys chosen at random for
/// each process, in one multiplication; any other identifier by its `Hashable` conformance.
/// Adding and finding are O(1) on average; inserting or removing other than at the end is O(n),
/// as it is for an `Array`.
public struct IdentifiedArray<Element: Identifiable> {
  @usableFromInline var elements: [Element]
  /// The identifiers of `elements`, in the same order: what the index and `forEach` read.
  @usableFromInline var identifiers: [Element.ID]
  /// Finds a position in `identifiers` by identifier.
  @usableFromInline var table: IdentifierIndex
  /// Changes whenever the set of identifiers may have changed, and is unique to that set among
  /// every `IdentifiedArray` made in the process: two values with the same generation hold the
  /// same identifiers. `forEach` compares it to skip looking for removed elements.
  @usableFromInline var generation: UInt64
  /// The latest changes to elements, for stores that watch elements by identifier: see
  /// ``changedIDs(since:)``.
  @usableFromInline var changes: ChangeJournal<Element.ID>
  /// When each element came into the array, by position: a stamp no other element of any array
  /// in the process gets. An element removed and added again with the same identifier is a new
  /// element with a new birth, however many changes came between (stores of elements tell them
  /// apart by it when the change journal no longer can).
  @usableFromInline var births: [UInt64]
  /// Which collection this is: set when one is made, kept by every copy and change. Births are
  /// compared within one lineage; a collection replaced by another one is matched by identifier.
  @usableFromInline var lineage: UInt64

  /// An empty collection.
  ///
  /// ```swift
  /// var rows = IdentifiedArray<Row>()
  /// ```
  @inlinable
  public init() {
    elements = []
    identifiers = []
    births = []
    lineage = Self.newBirth()
    table = IdentifierIndex()
    generation = Self.nextGeneration()
    changes = ChangeJournal()
  }

  /// A collection of `elements` in order; of elements that share an identifier, the last one
  /// is kept, at the position of the first.
  ///
  /// <!-- example: given places: [Place] -->
  /// ```swift
  /// let rows = IdentifiedArray(places.map(Row.init))
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { updateOrAppend(element) }
  }

  /// A stamp for an element that comes into an array: unique in the process.
  @usableFromInline
  static func newBirth() -> UInt64 {
    identifiedArrayBirths.add(1, ordering: .relaxed).newValue
  }

  /// When the element with an identifier came into the array: it differs from the birth of any
  /// element removed before, even one with the same identifier.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  /// - Returns: The element's birth, or `nil` when there is no element with `id`.
  func birth(id: Element.ID) -> UInt64? {
    index(id: id).map { births[$0] }
  }

  @usableFromInline
  static func nextGeneration() -> UInt64 {
    generations.add(1, ordering: .relaxed).newValue
  }

  /// The identifiers, in order.
  ///
  /// ```swift
  /// struct Row: Identifiable { let id: Int }
  /// let rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
  /// print(rows.ids)  // [1, 2]
  /// ```
  @inlinable
  public var ids: [Element.ID] {
    identifiers
  }

  /// The position of the element with an identifier, or `nil` if there is none.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// let position = rows.index(id: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier.
  @inlinable
  public func index(id: Element.ID) -> Int? {
    table.position(of: id, in: identifiers)
  }

  /// The element with an identifier: `nil` when there is none. Setting an element adds it (at
  /// the end) or replaces the one with that identifier; setting `nil` removes it.
  ///
  /// An element goes where its own identifier says: set under another identifier, it removes
  /// the element with that one (if any) and is added as ``updateOrAppend(_:)`` adds it, in place
  /// of the element with its own identifier or at the end. Reading the identifier it was set
  /// under then gives `nil`.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows[id: 3] = Row(id: 3)
  /// rows[id: 3]?.title = "Third"
  /// rows[id: 3] = nil
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier.
  @inlinable
  public subscript(id id: Element.ID) -> Element? {
    get {
      index(id: id).map { elements[$0] }
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      if let position = index(id: id), newValue.id == id {
        elements[position] = newValue
        noteChange(of: id)
      } else {
        remove(id: id)
        updateOrAppend(newValue)
      }
    }
  }

  /// Changes the element at a position in place; its identifier must stay the same.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.modify(at: 0) { $0.title = "First" }
  /// ```
  ///
  /// - Parameters:
  ///   - position: A valid position.
  ///   - body: Changes the element.
  /// - Returns: What `body` returns.
  @inlinable
  public mutating func modify<Result>(
    at position: Int, _ body: (inout Element) throws -> Result
  ) rethrows -> Result {
    defer {
      if elements[position].id != identifiers[position] {
        reindex(changedAt: position)
      } else {
        noteChange(of: identifiers[position])
      }
    }
    return try body(&elements[position])
  }

  /// Changes the element with an identifier in place, if there is one.
  ///
  /// - Returns: What `body` returns, or `nil` when no element has the identifier.
  @inlinable
  mutating func modify<Result>(
    id: Element.ID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard let position = index(id: id) else { return nil }
    return try modify(at: position, body)
  }

  /// Adds an element at the end, or replaces the element with the same identifier in place.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.updateOrAppend(Row(id: 2, title: "Second"))
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  /// - Returns: The element it replaced, if any.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    if let position = index(id: element.id) {
      let old = elements[position]
      elements[position] = element
      noteChange(of: element.id)
      return old
    }
    elements.append(element)
    identifiers.append(element.id)
    births.append(Self.newBirth())
    table.append(last: identifiers)
    generation = Self.nextGeneration()
    noteChange(of: element.id)
    return nil
  }

  /// Adds an element at the end.
  ///
  /// Appending an element whose identifier is present replaces that element where it is.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.append(Row(id: 3))
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  @inlinable
  public mutating func append(_ element: Element) {
    updateOrAppend(element)
  }

  /// Inserts an element at a position, or, if its identifier is present, replaces that element
  /// where it is.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.insert(Row(id: 0), at: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - position: A position from `0` through `count`.
  @inlinable
  public mutating func insert(_ element: Element, at position: Int) {
    if let existing = index(id: element.id) {
      elements[existing] = element
      noteChange(of: element.id)
      return
    }
    elements.insert(element, at: position)
    identifiers.insert(element.id, at: position)
    births.insert(Self.newBirth(), at: position)
    if position == identifiers.count - 1 {
      table.append(last: identifiers)
    } else {
      table.rebuild(for: identifiers)
    }
    generation = Self.nextGeneration()
    noteChange(of: element.id)
  }

  /// Removes the element with an identifier.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.remove(id: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier.
  /// - Returns: The removed element, or `nil` if there was none.
  @inlinable
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = index(id: id) else { return nil }
    return remove(at: position)
  }

  /// Removes the element at a position.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.remove(at: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - position: A valid position.
  /// - Returns: The removed element.
  @inlinable
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let element = elements.remove(at: position)
    table.remove(position: position, of: identifiers)
    identifiers.remove(at: position)
    births.remove(at: position)
    if table.isOversized(for: identifiers.count) { table.rebuild(for: identifiers) }
    generation = Self.nextGeneration()
    noteChange(of: element.id, removed: true)
    return element
  }

  /// Removes every element that matches a predicate, in one pass, keeping the others in order.
  ///
  /// The predicate is asked about every element before anything is removed: when it throws, the
  /// array is left as it was.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// rows.removeAll { $0.isDone }
  /// ```
  ///
  /// - Parameters:
  ///   - shouldBeRemoved: Whether to remove an element.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    // Every element is asked first: a predicate that throws leaves the array as it was.
    var removed: [Bool] = []
    removed.reserveCapacity(elements.count)
    for element in elements { removed.append(try shouldBeRemoved(element)) }
    guard removed.contains(true) else { return }
    var kept = 0
    for position in elements.indices where !removed[position] {
      if kept != position {
        elements.swapAt(kept, position)
        identifiers.swapAt(kept, position)
        births.swapAt(kept, position)
      }
      kept += 1
    }
    elements.removeSubrange(kept...)
    identifiers.removeSubrange(kept...)
    births.removeSubrange(kept...)
    table.rebuild(for: identifiers)
    generation = Self.nextGeneration()
    noteChange(of: nil)
  }

  /// Rebuilds the identifiers and the index after the elements were reordered (their
  /// identifiers unchanged), and notes that any element may have changed.
  @inlinable
  mutating func reindexAll() {
    identifiers = elements.map(\.id)
    table.rebuild(for: identifiers)
    generation = Self.nextGeneration()
    noteChange(of: nil)
  }

  /// Rebuilds the index after the element at `position` changed its identifier (which
  /// `identifiers` does not know yet). Another element that already had the new identifier is
  /// removed.
  @usableFromInline
  mutating func reindex(changedAt position: Int) {
    let new = elements[position].id
    // An element with a new identifier is a new element.
    births[position] = Self.newBirth()
    if let other = index(id: new), other != position {
      elements.remove(at: other)
      births.remove(at: other)
    }
    identifiers = elements.map(\.id)
    table.rebuild(for: identifiers)
    generation = Self.nextGeneration()
    noteChange(of: nil)
  }
}

/// The source of ``IdentifiedArray``'s generations.
private let generations = Atomic<UInt64>(0)

/// The source of ``IdentifiedArray``'s births and lineages.
private let identifiedArrayBirths = Atomic<UInt64>(0)

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element: always `0`.
  @inlinable public var startIndex: Int { elements.startIndex }

  /// The position after the last element: the number of elements.
  @inlinable public var endIndex: Int { elements.endIndex }

  /// The element at a position, which can be changed in place as long as its identifier stays
  /// the same.
  ///
  /// <!-- example: given rows: IdentifiedArray<Row> -->
  /// ```swift
  /// let first = rows[0]
  /// rows[0].title = "First"
  /// ```
  ///
  /// Giving the element at a position another identifier is a programming error, and stops the
  /// program with a message that names the position and both identifiers: replace an element
  /// with ``subscript(id:)``, or remove it and insert another.
  ///
  /// - Parameters:
  ///   - position: A valid position.
  @inlinable
  public subscript(position: Int) -> Element {
    get { elements[position] }
    set {
      let id = identifiers[position]
      precondition(
        newValue.id == id,
        "IdentifiedArray: the element at position \(position) would change its identifier from \(id) to \(newValue.id); a position keeps its element's identifier (use subscript(id:) to replace an element)"
      )
      elements[position] = newValue
      noteChange(of: id)
    }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// A collection of the elements written in the literal.
  ///
  /// ```swift
  /// let rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether two collections hold equal elements in the same order.
  ///
  /// <!-- example: given state: Feature.State -->
  /// ```swift
  /// #expect(state.rows == [Row(id: 1)])
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A collection.
  ///   - rhs: Another collection.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as its elements, so the value printer shows an array.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension IdentifiedArray: ReflectedElementTypes {
  /// Its mirror shows its elements alone: what a search for shared copies looks through.
  package static var reflectedElementTypes: [Any.Type] { [Element.self] }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String {
    elements.description
  }
}
