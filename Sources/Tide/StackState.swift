import Synchronization
import TideInspect

/// The screens of a navigation stack, as state: each with a ``StackElementID`` given when it is
/// pushed, in the order they were pushed.
///
/// The whole path is a value, so time travel, a recording, the explorer and the REPL see it like
/// any other state. A parent runs the screens with the `forEach` that takes a ``StackAction``,
/// which finds a screen's actions by identifier and cancels the effects of every screen a step
/// pops.
///
/// ```swift
/// enum Screen: Equatable { case list, detail(String) }
/// var path = StackState<Screen>([.list])
/// let detail = path.append(.detail("Home"))
/// print(path.ids, path[id: detail] == .detail("Home"))  // [#0, #1] true
/// path.pop(from: detail)
/// print(path.count, path.append(.detail("Work")))  // 1 #2
/// ```
///
/// Identifiers are never reused: a screen pushed after a pop gets a new one, so an action meant
/// for a popped screen can never reach its successor. A stack made anew in place of another
/// (`state.path = StackState([…])` for a deep link, `StackState()` to pop everything) numbers
/// from `#0` again, but it is another stack: `forEach` cancels the effects of every screen of the
/// one it replaces, and an identifier that stack gave names none of the new one's screens (an
/// action for it is reported, and taken by no screen). Two stacks are equal when they hold the
/// same identifiers and screens; the counter that gives the next identifier, and which stack gave
/// them, are not compared.
public struct StackState<Element> {
  /// The identifiers, in order: always increasing.
  public private(set) var ids: [StackElementID]
  @usableFromInline var elements: [Element]
  /// The number the next pushed screen gets: above every identifier the stack has given.
  public private(set) var nextID: StackElementID
  /// Which stack this is: a number no other stack made in the process has, kept by its copies
  /// and changes, and given to every identifier it hands out. Not compared.
  @usableFromInline private(set) var lineage: UInt64

  /// An empty stack.
  ///
  /// ```swift
  /// var path = StackState<Path.State>()
  /// ```
  @inlinable
  public init() {
    self.init([])
  }

  /// A stack of screens, numbered from `#0`.
  ///
  /// ```swift
  /// var path = StackState<Path.State>([.list(List.State())])
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The screens, bottom first.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init(numbering: Array(elements))
  }

  /// A stack of `elements`, numbered from `#0`.
  @usableFromInline
  init(numbering elements: [Element]) {
    let lineage = Self.newLineage()
    self.elements = elements
    self.lineage = lineage
    ids = elements.indices.map { StackElementID(rawValue: $0, lineage: lineage) }
    nextID = StackElementID(rawValue: ids.count)
  }

  /// A lineage no stack has had.
  @usableFromInline
  static func newLineage() -> UInt64 {
    stackLineages.add(1, ordering: .relaxed).newValue
  }

  /// A stack of screens with their identifiers, as a test's suggested expectation writes one.
  ///
  /// ```swift
  /// let path = StackState(ids: [2, 5], elements: ["List", "Detail"])
  /// print(path.nextID)  // #6
  /// ```
  ///
  /// Identifiers that do not increase, whose count is not the screens', negative, or `Int.max`
  /// (which leaves no identifier for a next screen) are a programming error, and stop the
  /// program with a message that says which.
  ///
  /// - Parameters:
  ///   - ids: The screens' identifiers, increasing.
  ///   - elements: The screens, bottom first.
  public init(ids: [StackElementID], elements: [Element]) {
    precondition(
      ids.count == elements.count,
      "StackState(ids:elements:): \(ids.count) identifiers for \(elements.count) screens")
    precondition(
      ids.allSatisfy { $0.rawValue >= 0 && $0.rawValue < Int.max },
      "StackState(ids:elements:): an identifier is negative or Int.max, which leaves none for a next screen"
    )
    for (lower, upper) in zip(ids, ids.dropFirst()) {
      precondition(
        lower < upper,
        "StackState(ids:elements:): identifiers must increase; \(upper) follows \(lower)")
    }
    let lineage = Self.newLineage()
    self.ids = ids.map { StackElementID(rawValue: $0.rawValue, lineage: lineage) }
    self.elements = elements
    self.lineage = lineage
    nextID = StackElementID(rawValue: (ids.last?.rawValue ?? -1) + 1)
  }

  /// The position of the screen with an identifier, or `nil` if the stack has none.
  ///
  /// <!-- example: given path: StackState<Path.State> -->
  /// ```swift
  /// let position = path.index(id: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier.
  /// - Returns: Its position, found by binary search.
  @inlinable
  public func index(id: StackElementID) -> Int? {
    // An identifier another stack gave names none of this one's screens.
    guard id.belongs(to: lineage) else { return nil }
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < ids.count && ids[low] == id ? low : nil
  }

  /// The screen with an identifier: `nil` when the stack has none. Setting `nil` removes that
  /// screen alone; setting a screen replaces the one there, or, when there is none, pushes it
  /// with that identifier, as ``StackAction/push(id:state:)`` does: a test's expected state
  /// spells a push `$0.path[id: 2] = …`.
  ///
  /// <!-- example: given path: StackState<Path.State> -->
  /// ```swift
  /// path[id: 1] = .detail(Detail.State(name: "Work"))
  /// ```
  ///
  /// A screen set for an identifier below the stack's ``nextID`` (identifiers are never given
  /// twice, so a popped screen's is never reused) or above ``StackElementID/largest`` is not
  /// pushed, and that is reported.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { index(id: id).map { elements[$0] } }
    set {
      guard id.belongs(to: lineage) else { return reportReplaced(id: id) }
      guard let position = index(id: id) else {
        if let newValue, !push(newValue, id: id) { reportRefusedPush(id: id) }
        return
      }
      if let newValue {
        elements[position] = newValue
      } else {
        elements.remove(at: position)
        removeID(at: position)
      }
    }
  }

  /// The screen with `id` while this is the stack of `lineage`: what a screen's store reads, so
  /// that a store made for one stack's screen is gone once another stack replaces it.
  subscript(id id: StackElementID, lineage lineage: UInt64) -> Element? {
    lineage == self.lineage ? self[id: id] : nil
  }

  /// Gives identifiers from `next` on, if this stack would give lower ones: an older copy of a
  /// stack put back in its place gives none that the stack gave since.
  @usableFromInline
  mutating func countOn(from next: StackElementID) {
    if nextID < next { nextID = next }
  }

  /// Removes the identifier at `position`, as the screen there is removed.
  @usableFromInline
  mutating func removeID(at position: Int) {
    ids.remove(at: position)
  }

  /// Reports a screen set through an identifier another stack gave.
  @usableFromInline
  func reportReplaced(id: StackElementID) {
    IssueReporter.current.report(
      """
      A screen was set through \(id), an identifier of a stack this one has replaced: it names \
      none of this stack's screens, though one may have that number. Nothing was changed.
      """)
  }

  /// Reports a screen set for an identifier the stack cannot push.
  @usableFromInline
  func reportRefusedPush(id: StackElementID) {
    IssueReporter.current.report(
      """
      A screen was set for \(id), which this stack cannot push: \
      \(id < nextID ? "it is below \(nextID), the next identifier the stack gives (none is given twice)" : "it is above the largest, \(StackElementID.largest)"). \
      The screen was not added.
      """)
  }

  /// Changes the screen with an identifier in place.
  ///
  /// <!-- example: given path: StackState<Path.State> -->
  /// ```swift
  /// path.modify(id: 1) { $0 = .detail(Detail.State(name: "Work")) }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - body: Changes the screen.
  /// - Returns: What `body` returns, or `nil` when the stack has no screen with `id`.
  @inlinable @discardableResult
  public mutating func modify<Result>(
    id: StackElementID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard let position = index(id: id) else { return nil }
    return try body(&elements[position])
  }

  /// Pushes a screen on top of the stack.
  ///
  /// <!-- example: given state: inout Feature.State, place: Place -->
  /// ```swift
  /// state.path.append(.detail(Detail.State(place: place)))
  /// ```
  ///
  /// - Parameters:
  ///   - element: The screen.
  /// - Returns: The screen's identifier. A stack that has given every identifier up to
  ///   `Int.max` (made with ``init(ids:elements:)`` or decoded with one just below it) pushes
  ///   nothing, reports that, and returns ``nextID``, under which it holds no screen.
  @inlinable @discardableResult
  public mutating func append(_ element: Element) -> StackElementID {
    guard let id = takeNextID() else { return nextID }
    elements.append(element)
    return id
  }

  /// The identifier for a screen pushed now, which the stack will not give again, added to the
  /// identifiers; `nil`, and reported, once every identifier up to `Int.max` is given.
  @usableFromInline
  mutating func takeNextID() -> StackElementID? {
    let id = nextID
    // Counting on from `StackElementID.largest` takes longer than any program runs; a stack made
    // with an identifier just below `Int.max` can get here.
    guard id.rawValue < Int.max else {
      IssueReporter.current.report(
        "A stack has given every identifier up to Int.max, so the screen was not pushed.")
      return nil
    }
    nextID = StackElementID(rawValue: id.rawValue + 1)
    let given = StackElementID(rawValue: id.rawValue, lineage: lineage)
    ids.append(given)
    return given
  }

  /// Pushes a screen with an identifier a ``StackAction/push(id:state:)`` names; the identifier
  /// must be above every one the stack has given.
  ///
  /// - Returns: Whether the screen was pushed.
  @usableFromInline
  mutating func push(_ element: Element, id: StackElementID) -> Bool {
    guard id >= nextID, id <= .largest else { return false }
    nextID = id
    append(element)
    return true
  }

  /// Pops the top screen.
  ///
  /// <!-- example: given state: inout Feature.State -->
  /// ```swift
  /// state.path.popLast()
  /// ```
  ///
  /// - Returns: The screen, or `nil` when the stack is empty.
  @inlinable @discardableResult
  public mutating func popLast() -> Element? {
    guard !elements.isEmpty else { return nil }
    removeID(at: ids.count - 1)
    return elements.removeLast()
  }

  /// Pops the screen with an identifier and every screen above it.
  ///
  /// <!-- example: given state: inout Feature.State, id: StackElementID -->
  /// ```swift
  /// state.path.pop(from: id)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The lowest screen to pop.
  /// - Returns: Whether the stack had a screen with `id`.
  @discardableResult
  @inlinable
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let position = index(id: id) else { return false }
    elements.removeSubrange(position...)
    removeIDs(from: position)
    return true
  }

  /// Pops every screen above the one with an identifier, which becomes the top.
  ///
  /// <!-- example: given state: inout Feature.State, listID: StackElementID -->
  /// ```swift
  /// state.path.pop(to: listID)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The screen to show.
  /// - Returns: Whether the stack had a screen with `id`.
  @discardableResult
  @inlinable
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let position = index(id: id) else { return false }
    elements.removeSubrange((position + 1)...)
    removeIDs(from: position + 1)
    return true
  }

  /// Pops every screen.
  ///
  /// <!-- example: given state: inout Feature.State -->
  /// ```swift
  /// state.path.removeAll()
  /// ```
  @inlinable
  public mutating func removeAll() {
    elements.removeAll()
    removeIDs(from: 0)
  }

  /// Removes the identifiers from `position` up, as the screens there are removed.
  @usableFromInline
  mutating func removeIDs(from position: Int) {
    ids.removeSubrange(position...)
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The position of the bottom screen: always `0`.
  @inlinable public var startIndex: Int { 0 }

  /// The position after the top screen: the number of screens.
  @inlinable public var endIndex: Int { elements.count }

  /// The screen at a position, bottom first; it can be changed in place.
  ///
  /// <!-- example: given path: StackState<Path.State> -->
  /// ```swift
  /// let top = path[path.count - 1]
  /// ```
  ///
  /// - Parameters:
  ///   - position: A valid position.
  @inlinable
  public subscript(position: Int) -> Element {
    get { elements[position] }
    set { elements[position] = newValue }
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether two stacks hold the same identifiers and screens, in the same order.
  ///
  /// <!-- example: given state: Feature.State -->
  /// ```swift
  /// #expect(state.path == StackState([.list(List.State())]))
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A stack.
  ///   - rhs: Another stack.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the identifiers and screens.
  ///
  /// - Parameters:
  ///   - hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the screens written in the literal, bottom first.
  ///
  /// ```swift
  /// var path: StackState<Path.State> = [.list(List.State())]
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The screens.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: CustomInspectable {
  /// The screens in order, each with its identifier, as the inspector prints them (a REPL, a
  /// test's diff): `[(id: 0, screen: .list), (id: 1, screen: .detail("Home"))]`.
  public var inspectionValue: Any {
    zip(ids, elements).map { (id: $0.0.rawValue, screen: $0.1) }
  }
}

extension StackState: SourceExpressible {
  /// The stack as Swift code, for a test's suggested expectation:
  /// `StackState(ids: [0, 2], elements: [.list, .detail("Home")])`. A screen pushed or popped
  /// is suggested through its identifier, `$0.path[id: 3] = .detail("Work")`, and a change inside
  /// a screen through its position, `$0.path[1].title = "Work"`.
  public var sourceExpression: SourceExpression {
    SourceExpression(
      "StackState", ["ids": ids, "elements": elements], elements: "elements", ids: "ids",
      nextID: nextID.rawValue)
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Writes the stack as `{"ids": […], "elements": […], "nextID": n}`.
  ///
  /// - Parameters:
  ///   - encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ids, forKey: .ids)
    try container.encode(elements, forKey: .elements)
    try container.encode(nextID, forKey: .nextID)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Reads a stack that ``encode(to:)`` wrote, and checks it: as many identifiers as screens,
  /// identifiers increasing, and the next identifier above them (by default, one above the
  /// last).
  ///
  /// - Parameters:
  ///   - decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let elements = try container.decode([Element].self, forKey: .elements)
    let ids = try container.decode([StackElementID].self, forKey: .ids)
    guard ids.count == elements.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription: "A stack has \(ids.count) identifiers for \(elements.count) screens.")
    }
    for (lower, upper) in zip(ids, ids.dropFirst()) where lower >= upper {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription: "A stack's identifiers must increase; \(upper) follows \(lower).")
    }
    if let first = ids.first, first.rawValue < 0 {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription: "A stack's identifier \(first) is negative; a stack counts from #0.")
    }
    if let last = ids.last, last.rawValue == Int.max {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: container,
        debugDescription:
          "A stack's identifier \(last) is Int.max, which leaves no identifier for a next screen.")
    }
    let lowest = StackElementID(rawValue: (ids.last?.rawValue ?? -1) + 1)
    let nextID = try container.decodeIfPresent(StackElementID.self, forKey: .nextID) ?? lowest
    guard nextID >= lowest else {
      throw DecodingError.dataCorruptedError(
        forKey: .nextID, in: container,
        debugDescription: ids.last.map {
          "A stack's next identifier \(nextID) is not above its last, \($0)."
        } ?? "A stack's next identifier \(nextID) is negative; a stack counts from #0.")
    }
    let lineage = Self.newLineage()
    self.elements = elements
    self.ids = ids.map { StackElementID(rawValue: $0.rawValue, lineage: lineage) }
    self.nextID = nextID
    self.lineage = lineage
  }
}

/// The source of ``StackState``'s lineages.
@usableFromInline let stackLineages = Atomic<UInt64>(0)

extension StackState {
  enum CodingKeys: String, CodingKey {
    case ids, elements, nextID
  }
}

/// A collection whose elements the REPL's `:state path[0]` indexes by position, as a test's
/// `$0.path[0]` does, though it is not a list itself: a navigation stack.
package protocol ScreensByPosition {
  /// The elements, bottom first.
  var screensByPosition: [Any] { get }
}

extension StackState: ScreensByPosition {
  package var screensByPosition: [Any] { elements }
}
