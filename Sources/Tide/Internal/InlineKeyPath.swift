/// A writable key path that is applied by pointer arithmetic when it names storage inline in its
/// root (a chain of stored properties of structs), and through the key path otherwise.
///
/// Applying a key path goes through the runtime: a modify access costs about as much as a whole
/// `Store.send`, and a read more. `forEach` applies its key path twice per action, so it keeps
/// the offset that `MemoryLayout.offset(of:)` reports and uses that when there is one.
@usableFromInline
struct InlineKeyPath<Root, Value>: Sendable {
  @usableFromInline let keyPath: any WritableKeyPath<Root, Value> & Sendable
  /// The offset of the value in the root's storage, or `nil` when it is not stored inline (a
  /// computed property, a class on the way, an optional chain).
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Runs `body` on the value in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) rethrows
    -> Result
  {
    guard let offset else { return try body(&root[keyPath: keyPath]) }
    return try withUnsafeMutablePointer(to: &root) { pointer in
      // `offset(of:)` promises that the value lives at this offset for as long as the pointer
      // to the root is valid.
      try body(
        &UnsafeMutableRawPointer(pointer).advanced(by: offset)
          .assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// The value in `root`.
  @inlinable
  func read(_ root: Root) -> Value {
    reading(root) { $0 }
  }

  /// What `body` makes of the value in `root`, which it reads in place: reading one member
  /// of a large value does not copy the rest.
  @inlinable
  func reading<Result>(_ root: Root, _ body: (Value) throws -> Result) rethrows -> Result {
    guard let offset else { return try body(root[keyPath: keyPath]) }
    return try withUnsafePointer(to: root) { pointer in
      try body(
        UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}
