/// Finds the copies of shared values a state holds, by reflection: the first copy of each key.
enum SharedCopyFinder {
  /// How many values one search visits at most: a state larger than that is searched in part,
  /// and its copies past the limit print whole.
  static let maximumValues = 200_000

  /// The first copy of each key in `root`, by key. A copy's own value is not searched.
  static func copies(in root: Any) -> [String: Any] {
    var found: [String: Any] = [:]
    var remaining = maximumValues
    var pending: [(value: Any, depth: Int)] = [(root, 0)]
    while let (value, depth) = pending.popLast(), remaining > 0 {
      remaining -= 1
      if let copy = value as? any InspectedSharedCopy {
        if found[copy.sharedKey] == nil { found[copy.sharedKey] = value }
        continue
      }
      // Objects are left out: a state is values, and an object graph may have cycles.
      guard depth < Reflector.maximumDepth, !(type(of: value) is AnyClass) else { continue }
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle != nil else { continue }
      // Reversed, so that the first child is searched first and its copy found first.
      for child in mirror.children.reversed() { pending.append((child.value, depth + 1)) }
    }
    return found
  }
}
