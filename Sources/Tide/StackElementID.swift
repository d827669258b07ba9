import TideInspect

/// The identifier of a screen in a ``StackState``: given when the screen is pushed, never reused
/// by that stack, and ordered as the screens were pushed.
///
/// It prints as `#` and its number. Identifiers come from a counter in the stack's own state, so
/// the same actions give the same identifiers in a live store, a test, a replayed recording and
/// the explorer.
///
/// An identifier a stack gave also knows which stack gave it, though it neither prints nor
/// compares that: a stack made anew (`state.path = StackState([…])`) numbers its screens from
/// `#0` again, and an identifier of the stack it replaced names none of them (an action for it
/// is reported, never taken by the new screen with that number). One written as a number (a
/// test's `.element(id: 1, …)`, the REPL, a decoded action) names the screen with that number in
/// whichever stack is there.
///
/// ```swift
/// var path = StackState<String>()
/// let id = path.append("List")
/// print(id, path[id: id] ?? "none")  // #0 List
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The identifier's number: the count of screens the stack had pushed before this one.
  public let rawValue: Int
  /// Which stack gave it (see `StackState.lineage`); `0` for one written as a number.
  @usableFromInline let lineage: UInt64

  /// An identifier with a number, as a test or a REPL names a screen it saw pushed.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// store.send(.path(.element(id: StackElementID(rawValue: 1), action: .renameTapped)))
  /// ```
  ///
  /// - Parameters:
  ///   - rawValue: The number.
  public init(rawValue: Int) {
    self.init(rawValue: rawValue, lineage: 0)
  }

  /// An identifier given by the stack of `lineage`.
  @inlinable
  init(rawValue: Int, lineage: UInt64) {
    self.rawValue = rawValue
    self.lineage = lineage
  }

  /// Whether it names a screen of the stack of `lineage`: it was given by that stack, or written
  /// as a number.
  @inlinable
  func belongs(to lineage: UInt64) -> Bool {
    self.lineage == 0 || self.lineage == lineage
  }

  /// Whether two identifiers have the same number.
  ///
  /// ```swift
  /// #expect(StackElementID(rawValue: 1) == 1)
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An identifier.
  ///   - rhs: Another identifier.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  /// Hashes the number.
  ///
  /// - Parameters:
  ///   - hasher: The hasher.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue)
  }

  /// An identifier written as its number: `.element(id: 1, action: …)`.
  ///
  /// <!-- example: given store: TestStore<App.State, App.Action, App.Environment> -->
  /// ```swift
  /// await store.send(.path(.popFrom(id: 1))) { $0.path.popLast() }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The number.
  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }

  /// The largest identifier a push action takes: half of `Int.max`, so that counting on from
  /// it never runs out. A stack that counted on from it holds larger identifiers, which it
  /// reads back and a test's expectation writes, up to `Int.max - 1`.
  public static let largest = StackElementID(rawValue: Int.max / 2)

  /// `#` and the number: `#1`.
  public var description: String { "#\(rawValue)" }

  /// Whether one screen was pushed before another.
  ///
  /// <!-- example: given path: StackState<Path.State> -->
  /// ```swift
  /// #expect(path.ids.first! < path.ids.last!)
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An identifier.
  ///   - rhs: Another identifier.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// Reads an identifier written as its number.
  ///
  /// - Parameters:
  ///   - decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
    lineage = 0
  }

  /// Writes the identifier as its number.
  ///
  /// - Parameters:
  ///   - encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension StackElementID: CustomInspectable {
  /// The number, as the inspector prints an identifier (a REPL, a test's diff) and as an action
  /// names it: `.element(id: 1, action: …)`.
  public var inspectionValue: Any { rawValue }
}
