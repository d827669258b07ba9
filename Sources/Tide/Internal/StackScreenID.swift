import TideInspect

/// Which screen of which stack a screen's effects belong to: its identifier's number and the
/// lineage of the stack that gave it. A stack made anew in place of another numbers its screens
/// alike, and identifiers compare by number alone: keyed by this, the old `#0`'s effects are
/// never the new `#0`'s. Prints as `#0`, as the identifier does.
@usableFromInline
struct StackScreenID: Hashable, Sendable, CustomStringConvertible, CustomInspectable {
  @usableFromInline let number: Int
  @usableFromInline let lineage: UInt64

  /// The screen numbered as `id` is, in the stack of `lineage`.
  @inlinable
  init(_ id: StackElementID, lineage: UInt64) {
    number = id.rawValue
    self.lineage = lineage
  }

  @usableFromInline var description: String { "#\(number)" }
  @usableFromInline var inspectionValue: Any { number }
}
