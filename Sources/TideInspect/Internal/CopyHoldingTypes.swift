import Foundation
@_spi(Reflection) import Swift
import Synchronization

/// Decides, from a type alone, whether its values can hold a shared copy, so that a search for
/// copies skips a value that cannot without reflecting it: a `TestStore` searches the state
/// after every step, and a mirror for each of 10,000 rows cost 17 ms a step where the rows'
/// type alone says that none of them can hold one.
///
/// A type's answer comes from its stored properties' declared types (through the standard
/// library's field reflection), not from a value: a property declared `Any` may hold a copy in
/// one value and not in another, so it is searched value by value, as are enums with payloads
/// and types with a custom mirror (which may show anything). The answers are kept for the
/// process: a type's properties never change.
package enum CopyHoldingTypes {
  /// What a search does with the values of a type.
  package enum Kind: Sendable {
    /// A shared copy: found, and not searched inside.
    case copy
    /// A value that may hold a copy: its mirror is searched.
    case searched
    /// A value that cannot hold a copy, whatever it is: an object (a state is values, and an
    /// object graph may have cycles), a number, a string, or a value of a type made only of such
    /// things.
    case skipped
  }

  /// The kind of `type`'s values.
  ///
  /// - Parameters:
  ///   - type: Any type.
  package static func kind(of type: Any.Type) -> Kind {
    if let kind = known.withLock({ $0[ObjectIdentifier(type)] }) { return kind }
    var deciding = Deciding()
    let kind = deciding.kind(of: type)
    known.withLock { known in
      for (identifier, decided) in deciding.decided where decided.isFinal || kind == .skipped {
        known[identifier] = decided.kind
      }
    }
    return kind
  }

  /// The answers found so far, by type.
  private static let known = Mutex<[ObjectIdentifier: Kind]>([:])

  /// One decision, with the types it looked at. A type that holds itself (through an array of
  /// its own type, say) is taken not to hold a copy while its own answer is pending; an answer
  /// that rested on that is kept only if the pending one turns out so, and `isFinal` otherwise.
  private struct Deciding {
    var decided: [ObjectIdentifier: (kind: Kind, isFinal: Bool)] = [:]
    var pending: Set<ObjectIdentifier> = []
    /// Whether the answer being worked out took a pending type not to hold a copy.
    var restsOnPending = false

    mutating func kind(of type: Any.Type) -> Kind {
      let identifier = ObjectIdentifier(type)
      if let known = known.withLock({ $0[identifier] }) { return known }
      if let decided = decided[identifier] {
        if !decided.isFinal { restsOnPending = true }
        return decided.kind
      }
      if pending.contains(identifier) {
        restsOnPending = true
        return .skipped
      }
      pending.insert(identifier)
      let outer = restsOnPending
      restsOnPending = false
      let kind = decide(type)
      // A copy, or a value searched, stays so whatever the pending answers turn out to be.
      decided[identifier] = (kind, kind != .skipped || !restsOnPending)
      pending.remove(identifier)
      restsOnPending = outer || restsOnPending
      return kind
    }

    private mutating func decide(_ type: Any.Type) -> Kind {
      if type is any InspectedSharedCopy.Type { return .copy }
      if plainTypes.contains(ObjectIdentifier(type)) { return .skipped }
      if let collection = type as? any ReflectedElementTypes.Type {
        return collection.reflectedElementTypes.allSatisfy { kind(of: $0) == .skipped }
          ? .skipped : .searched
      }
      switch CopyHoldingTypes.metadataKind(of: type) {
      case .class, .foreignClass, .objcClassWrapper, .function, .metatype, .existentialMetatype,
        .opaque:
        return .skipped
      case .struct, .tuple:
        // A custom mirror may show what no stored property holds.
        if type is any CustomReflectable.Type { return .searched }
        var fields: [Any.Type] = []
        let complete = _forEachField(of: type, options: []) { _, _, fieldType, _ in
          fields.append(fieldType)
          return true
        }
        guard complete else { return .searched }
        return fields.allSatisfy { kind(of: $0) == .skipped } ? .skipped : .searched
      case .enum:
        // A case's payload may have a mirror of its own that shows anything, whatever its size:
        // only an enum without payloads is known to show nothing.
        if type is any CustomReflectable.Type { return .searched }
        return CopyHoldingTypes.payloadCaseCount(ofEnum: type) == 0 ? .skipped : .searched
      default:
        return .searched
      }
    }
  }

  /// Types whose values hold no shared copy, whatever the value: numbers, strings and the like,
  /// some of which keep their contents where field reflection does not show them.
  private static let plainTypes: Set<ObjectIdentifier> = Set(
    ([
      Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
      UInt32.self, UInt64.self, Double.self, Float.self, Bool.self, String.self, Substring.self,
      Character.self, Duration.self, Date.self, UUID.self, URL.self, Decimal.self, Data.self,
    ] as [Any.Type]).map(ObjectIdentifier.init))

  /// What kind of type `type` is, as the runtime's metadata says: the kind field reflection
  /// gives for the first element of a pair of `type` and an `Int`.
  static func metadataKind(of type: Any.Type) -> _MetadataKind {
    func pair<T>(_: T.Type) -> Any.Type { (T, Int).self }
    var kind = _MetadataKind.unknown
    _ = _forEachField(of: _openExistential(type, do: pair), options: []) { _, _, _, first in
      kind = first
      return false
    }
    return kind
  }

  /// How many of an enum's cases have a payload, as its type descriptor says; `nil` where the
  /// descriptor cannot be read safely (its pointer is signed on arm64e).
  ///
  /// The runtime's metadata for an enum holds, after its kind, a pointer to the enum's
  /// descriptor; the descriptor holds, after five 32-bit fields (flags, parent, name, access
  /// function, fields), the number of payload cases in its low 24 bits (the layout of
  /// `TargetEnumDescriptor` in the Swift ABI, stable since Swift 5).
  ///
  /// - Parameters:
  ///   - type: An enum type: its metadata kind is `enum`.
  static func payloadCaseCount(ofEnum type: Any.Type) -> Int? {
    #if _ptrauth(_arm64e)
      return nil
    #else
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      let descriptor = metadata.load(
        fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
      let payloadCasesAndOffset = descriptor.load(fromByteOffset: 20, as: UInt32.self)
      return Int(payloadCasesAndOffset & 0x00FF_FFFF)
    #endif
  }
}

/// A collection (or an optional) whose contents a search for shared copies finds through its
/// mirror, kept where field reflection does not show them: what its values can hold is what
/// its element types' values can.
package protocol ReflectedElementTypes {
  /// The types of the values it holds.
  static var reflectedElementTypes: [Any.Type] { get }
}

extension Optional: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Wrapped.self] }
}

extension Array: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Element.self] }
}

extension ContiguousArray: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Element.self] }
}

extension ArraySlice: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Element.self] }
}

extension Set: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Element.self] }
}

extension Dictionary: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Key.self, Value.self] }
}

extension Range: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Bound.self] }
}

extension ClosedRange: ReflectedElementTypes {
  package static var reflectedElementTypes: [Any.Type] { [Bound.self] }
}
