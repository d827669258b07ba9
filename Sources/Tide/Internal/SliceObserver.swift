/// An observer of one `Equatable` slice: it remembers the last value it reported.
@MainActor
@usableFromInline
final class SliceObserver<State, Value: Equatable> {
  @usableFromInline let slice: (State) -> Value
  @usableFromInline let onChange: (Value) -> Void
  /// Only touched by `notify`, on the main actor, never re-entrantly for one observer.
  @exclusivity(unchecked) @usableFromInline var last: Value

  @usableFromInline
  init(slice: @escaping (State) -> Value, initial: Value, onChange: @escaping (Value) -> Void) {
    self.slice = slice
    self.last = initial
    self.onChange = onChange
  }

  @inlinable
  func notify(_ state: State) {
    let value = slice(state)
    if value == last { return }
    last = value
    onChange(value)
  }
}
