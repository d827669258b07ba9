/// A copy's value, whatever its type: what a copy of an element finds its element in.
protocol SharedCopyValue {
  /// The copy's value.
  var sharedValue: Any { get }
}

extension Shared: SharedCopyValue {
  var sharedValue: Any { value }
}
