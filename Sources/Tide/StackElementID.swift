import TideInspect

/// The identifier of a screen in a ``StackState``: given when the screen is pushed, never reused
/// by that stack, and ordered as the screens were pushed.
///
/// It prints as `#` and its number. Identifiers come from a counter in the stack's own state, so
/// the same actions give the same identifiers in a live store, a test, a replayed recording and
/// the explorer.
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
    self.rawValue = rawValue
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
