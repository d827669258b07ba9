import TideInspect

/// A hashable value of any sendable type, itself sendable: an identifier a reusable feature
/// keeps without knowing its type, such as the identifier of its effects.
///
/// `AnyHashable` is not `Sendable`, so a feature's state or a cancellation identifier cannot
/// hold one; this can. Two values are equal when `AnyHashable` would call them equal: the same
/// type and equal values (or numbers of the standard library's types that are equal).
///
/// A state prints, diffs and reads back with it as `AnyHashableSendable(42)`.
///
/// ```swift
/// struct Download: Equatable, Sendable {
///   var id: AnyHashableSendable
///   var name: String
/// }
/// let download = Download(id: AnyHashableSendable(42), name: "map.zip")
/// let effect = Effect<Int>.run { _ in }.cancellable(id: download.id)
/// ```
public struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  // AnyHashable is not Sendable, but the value it wraps was required to be.
  private nonisolated(unsafe) let box: AnyHashable

  /// Wraps a value.
  ///
  /// ```swift
  /// let id = AnyHashableSendable("download-1")
  /// ```
  ///
  /// - Parameters:
  ///   - base: The value. An `AnyHashableSendable` is not wrapped again: its own value is kept.
  public init(_ base: some Hashable & Sendable) {
    if let already = base as? AnyHashableSendable {
      self = already
    } else {
      box = AnyHashable(base)
    }
  }

  /// The value wrapped.
  ///
  /// ```swift
  /// let number = AnyHashableSendable(42).base as? Int   // 42
  /// ```
  public var base: any Hashable & Sendable {
    // Wrapped only from a `Hashable & Sendable` value, which is what it holds.
    box.base as! any Hashable & Sendable
  }

  /// The wrapped value's description: `42`, `download-1`.
  public var description: String {
    String(describing: box.base)
  }

  /// The wrapped value, as the one unlabelled child: printed `AnyHashableSendable(42)`.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: [box.base], displayStyle: .struct)
  }

  /// `AnyHashableSendable(42)`, with the wrapped value's debug description.
  public var debugDescription: String {
    "AnyHashableSendable(\(String(reflecting: box.base)))"
  }
}

extension AnyHashableSendable: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  /// Wraps a string written as a literal: `let id: AnyHashableSendable = "download-1"`.
  ///
  /// - Parameters:
  ///   - value: The string.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// Wraps an `Int` written as a literal: `let id: AnyHashableSendable = 42`.
  ///
  /// - Parameters:
  ///   - value: The number.
  public init(integerLiteral value: Int) {
    self.init(value)
  }
}

extension AnyHashableSendable: SourceExpressible {
  /// `AnyHashableSendable(42)`: how a printed state, a diff and a generated test spell it.
  public var sourceExpression: SourceExpression {
    SourceExpression("AnyHashableSendable", ["": box.base])
  }
}
