/// An observer of the `Equatable` value at a key path that names storage inline in the state (a
/// chain of stored properties of structs): it compares the value where it lies in the state,
/// at the offset `MemoryLayout.offset(of:)` reports, rather than projecting the key path through
/// the runtime after every batch, which costs several times the rest of a notification.
///
/// It is not main-actor isolated, though only the main actor calls it: the closure that reads
/// the state in place would then check at run time that it runs there, which costs more than
/// the rest of the notification.
@usableFromInline
final class KeyPathObserver<State, Value: Equatable> {
  /// The value's offset in the state's storage.
  @usableFromInline let offset: Int
  @usableFromInline let onChange: (Value) -> Void
  /// Only touched by `notify`, which the store calls on the main actor, never re-entrantly for
  /// one observer.
  @exclusivity(unchecked) @usableFromInline var last: Value

  @usableFromInline
  init(offset: Int, initial: Value, onChange: @escaping (Value) -> Void) {
    self.offset = offset
    self.last = initial
    self.onChange = onChange
  }

  @inlinable
  func notify(_ state: State) {
    let changed = withUnsafePointer(to: state) { pointer -> Bool in
      // `offset(of:)` promises that the value lives at this offset while the pointer is valid.
      let value = UnsafeRawPointer(pointer).advanced(by: offset)
        .assumingMemoryBound(to: Value.self)
      if value.pointee == last { return false }
      last = value.pointee
      return true
    }
    if changed { onChange(last) }
  }
}
