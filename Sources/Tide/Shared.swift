import TideInspect

/// A value that several features hold and change as one: a change any of them makes is seen by
/// all of them in the same step, with value semantics kept.
///
/// Each feature that needs the value holds a `Shared` field with the same key, written as if the
/// value were its own, and lists it in ``SharedState/sharedFields``. Composed with Tide's
/// operators (`pullback`, `ifLet`, `forEach`, `combine`), the copies are kept equal: after a
/// feature changes its copy, the copies beside it take the change before the next feature of the
/// step runs, and every copy holds it when the step ends. So a list and the search that adds to
/// it agree at every step a `TestStore` asserts, and the state stays a value: time travel,
/// recordings and the explorer see it like any other field.
///
/// ```swift
/// struct Place: Equatable, Sendable { var name: String }
/// enum Search {
///   struct State: Equatable, SharedState {
///     var saved = Shared(key: "saved", value: [Place]())
///     static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
///   }
/// }
/// var search = Search.State()
/// search.saved.value.append(Place(name: "Brussels"))
/// print(search.saved.count)  // 1
/// ```
///
/// Which copy wins: the one changed most recently in the step. A copy made fresh (a screen
/// presented with its own default) takes the value the others hold. Two copies changed apart in
/// one step (a reducer that changes its own copy and a child's copy by hand) are reported, and
/// the first one found is kept.
///
/// Two `Shared` values are equal when their keys and values are.
@dynamicMemberLookup
public struct Shared<Value: Equatable & Sendable>: Equatable, Sendable {
  /// The name every copy of the value has: copies with the same key are one value.
  public let key: String
  /// The value. Changing it makes this copy the newest: the others take it.
  public var value: Value {
    didSet { version &+= 1 }
  }
  /// How many changes this copy has seen: the newest copy wins.
  @usableFromInline var version = 0

  /// A copy of the shared value named `key`, holding `value` until the copies it joins give it
  /// theirs. Generated tests spell a copy this way too, as states print it.
  ///
  /// ```swift
  /// let saved = Shared(key: "saved", value: [String]())
  /// ```
  ///
  /// - Parameters:
  ///   - key: The value's name, the same in every feature that shares it.
  ///   - value: The value, used when no other copy holds one yet.
  public init(key: String, value: Value) {
    self.key = key
    self.value = value
  }

  /// A property of the value, read through the copy: `saved.count`.
  ///
  /// ```swift
  /// let saved = Shared(key: "saved", value: ["Brussels"])
  /// print(saved.count)  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    value[keyPath: keyPath]
  }

  /// A property of the value, read and changed through the copy: `saved.isEmpty`,
  /// `settings.theme = .dark`.
  ///
  /// ```swift
  /// struct Settings: Equatable, Sendable { var theme = "light" }
  /// var settings = Shared(key: "settings", value: Settings())
  /// settings.theme = "dark"
  /// print(settings.value.theme)  // dark
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }

  /// Whether two copies have the same key and value (not whether they changed as often).
  ///
  /// ```swift
  /// print(Shared(key: "saved", value: [1]) == Shared(key: "saved", value: [1]))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A copy.
  ///   - rhs: Another copy.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.key == rhs.key && lhs.value == rhs.value
  }
}

extension Shared: CustomReflectable {
  /// The key and the value, as states print them: how often a copy changed is not part of it.
  public var customMirror: Mirror {
    Mirror(self, children: ["key": key, "value": value], displayStyle: .struct)
  }
}

extension Shared: InspectedSharedCopy {
  package var sharedKey: String { key }
}
