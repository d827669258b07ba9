/// The last value an element's binding read or set, which it keeps answering with once the
/// element is gone.
@MainActor
final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
