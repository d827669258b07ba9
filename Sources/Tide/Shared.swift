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
///     var saved = Shared(key: "saved", default: [Place]())
///     static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
///   }
/// }
/// var search = Search.State()
/// search.saved.value.append(Place(name: "Brussels"))
/// print(search.saved.count)  // 1
/// ```
///
/// Which copy the others take: the newest, the one changed last (a copy made with
/// ``init(key:value:)``, the value brought from a file or assigned whole, is newer than any). A
/// copy made with ``init(key:default:)`` (a screen presented with its own default) takes the
/// others' value. Two copies changed to different values in one step, which happens only when a
/// reducer changes copies by hand, are reported, and the first one found is kept. To set the
/// value from an older state (an undo), assign `value` or a new copy: an older copy assigned
/// whole is older than the others, and takes their value.
///
/// Two `Shared` values are equal when their keys and values are: how often they changed, and
/// whether one is a placeholder, is not part of the value.
@dynamicMemberLookup
public struct Shared<Value: Equatable & Sendable>: Equatable, Sendable {
  /// The name every copy of the value has: copies with the same key are one value.
  public let key: String
  /// The value. Changing it makes this copy the newest: the others take it at the next sync.
  public var value: Value {
    @inlinable get { storage }
    @inlinable set {
      storage = newValue
      version += 1
      if SharedStep.isAnyActive { SharedStep.noteChange(self) }
    }
    @inlinable _modify {
      // Counted even when the change in place throws part way: what it changed stays changed.
      defer {
        version += 1
        if SharedStep.isAnyActive { SharedStep.noteChange(self) }
      }
      yield &storage
    }
  }
  /// Where ``value`` is kept: a property of its own so that a feature's code reads and changes
  /// the value inline, specialized for its type, rather than through a generic accessor.
  @usableFromInline var storage: Value
  /// How many changes the value has seen, counted over every copy: the copy with the highest
  /// count is the newest, and a sync gives every copy that count.
  @usableFromInline var version: Int
  /// Whether the copy was made with a value of its own (`init(key:value:)`) and has not been
  /// through a sync since: newer than any count.
  @usableFromInline var isNew: Bool
  /// For a copy of one element of a shared collection (``element(id:)``), which element of which
  /// collection it is; `nil` for a copy of the whole value.
  @usableFromInline var elementReference: SharedElementReference?

  /// A copy of the shared value named `key` holding `value`, which the other copies take at the
  /// next sync, as they take a change: how the copy that brings the value (the root's, loaded
  /// from a file) is made, how a reducer replaces the value whole, and how generated tests
  /// spell a copy.
  ///
  /// ```swift
  /// let saved = Shared(key: "saved", value: ["Brussels"])
  /// ```
  ///
  /// - Parameters:
  ///   - key: The value's name, the same in every feature that shares it.
  ///   - value: The value.
  public init(key: String, value: Value) {
    self.key = key
    self.storage = value
    version = 0
    isNew = true
    elementReference = nil
  }

  /// A copy of the shared value named `key` that takes the value the other copies hold: how a
  /// feature's own state declares the value it shares. `defaultValue` is the value only while
  /// no other copy holds one (a feature tested alone).
  ///
  /// ```swift
  /// let saved = Shared(key: "saved", default: [String]())
  /// ```
  ///
  /// - Parameters:
  ///   - key: The value's name, the same in every feature that shares it.
  ///   - defaultValue: The value until the copy joins others.
  public init(key: String, default defaultValue: Value) {
    self.key = key
    self.storage = defaultValue
    version = 0
    isNew = false
    elementReference = nil
  }

  /// Whether this copy, alone of its key, needs nothing from the store's sync at the end of a
  /// step: it was changed, or synced, before (a copy never changed nor synced takes a version
  /// then), it was not made with ``init(key:value:)`` (such a copy outranks the others until
  /// then), and it is not a copy of one element (whose identifier is checked).
  @inlinable
  var isSettled: Bool { !isNew && version > 0 && elementReference == nil }

  /// A property of the value, read through the copy: `saved.count`.
  ///
  /// ```swift
  /// let saved = Shared(key: "saved", value: ["Brussels"])
  /// print(saved.count)  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  @inlinable
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
  @inlinable
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Member {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }

  /// Whether two copies have the same key and value, and are both copies of the whole value or
  /// both copies of an element (not whether they changed as often).
  ///
  /// ```swift
  /// print(Shared(key: "saved", value: [1]) == Shared(key: "saved", value: [1]))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A copy.
  ///   - rhs: Another copy.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.key == rhs.key && (lhs.elementReference == nil) == (rhs.elementReference == nil)
      && lhs.value == rhs.value
  }
}

extension Shared: CustomReflectable {
  /// The key and the value, labelled as the initializer that makes the copy spells it: `value`
  /// for a copy that holds a value of its own (every copy in a store's state), `default` for
  /// one made with ``init(key:default:)`` and not in a store yet (a screen about to be pushed
  /// with its own default), `element` for a copy of an element. How often a copy changed is not
  /// part of it.
  ///
  /// ```swift
  /// print(Shared(key: "saved", default: [String]()))  // Shared<Array<String>>(key: "saved", default: [])
  /// ```
  public var customMirror: Mirror {
    Mirror(self, children: ["key": key, writtenLabel: value], displayStyle: .struct)
  }

  /// The label the copy's value prints under (see ``customMirror``).
  var writtenLabel: String { label(byRank: false) }

  /// The label of the initializer that makes a copy like this one: `element` for a copy of an
  /// element; `value` for a copy made with a value of its own and not synced since; `default`
  /// for a copy made with a default and never synced. A copy synced since is labelled `value`
  /// as states print it, or, `byRank`, `default`: read back, it takes the others' value, as it
  /// did when its rank was its count of changes, which no initializer spells.
  func label(byRank: Bool) -> String {
    if elementReference != nil { return "element" }
    if isNew { return "value" }
    return version > 0 && !byRank ? "value" : "default"
  }
}

extension Shared: InspectedSharedCopy {
  package var sharedKey: String { key }

  package var sharedValueToSearch: Any { value }

  package var sharedValueMember: (label: String, property: String)? {
    writtenLabel == "value" ? nil : (writtenLabel, "value")
  }

  package var sharedRankLabel: String { label(byRank: true) }

  package var sharedElementID: String? {
    elementReference.map { Inspector().line($0.id.base) }
  }

  package func isElement(of collectionCopy: Any) -> Bool {
    guard let collection = collectionCopy as? any SharedCopyValue else { return false }
    return agreesAsElement(with: collection) == true
  }
}
