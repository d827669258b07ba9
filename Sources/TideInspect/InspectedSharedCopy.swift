/// A copy of a shared value (Tide's `Shared`): in a diff, the first copy of a key that changed
/// shows the change, and the other copies of that key, which change with it, point to it. So a
/// shared change appears once, and a suggested assertion changes it once.
package protocol InspectedSharedCopy {
  /// The key all copies of the value have.
  var sharedKey: String { get }
}
