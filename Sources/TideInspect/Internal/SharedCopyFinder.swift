/// Finds the copies of shared values a state holds, by reflection: what the inspector needs to
/// tell an unchanged copy from a changed one, and what a `TestStore` checks copies with.
package enum SharedCopyFinder {
  /// A copy found: the copy itself, where it is, and the nearest struct that holds it.
  package struct Found {
    package var copy: any InspectedSharedCopy
    /// Where it is, from the state: `editor?.titles`; empty unless paths are tracked.
    package var path: String
    /// The nearest struct above the copy, with its path; `nil` for a copy that is the state.
    package var holder: (path: String, value: Any)?
  }

  /// Visits every copy in `root`, outermost first and in field order, visiting at most
  /// `maximumValues` values: a larger state is searched in part. A copy's own value is not
  /// searched, nor are objects (a state is values, and an object graph may have cycles).
  ///
  /// - Parameters:
  ///   - root: The state.
  ///   - maximumValues: How many values to visit at most.
  ///   - tracksPaths: Whether to spell each copy's path, which costs a string a value.
  ///   - storedPropertiesOnly: Whether to search only through stored properties of structs
  ///     whose labels Swift can write after a dot, so that each path found (`list.saved`) is
  ///     Swift that reads the copy from the root.
  ///   - visit: Called with each copy found.
  /// - Returns: Whether it visited all of `root`, rather than stopping at `maximumValues`.
  @discardableResult
  package static func visit(
    _ root: Any, maximumValues: Int, tracksPaths: Bool, storedPropertiesOnly: Bool = false,
    _ visit: (Found) -> Void
  ) -> Bool {
    typealias Pending = (value: Any, path: String, holder: (path: String, value: Any)?, depth: Int)
    var remaining = maximumValues
    var pending: [Pending] = [(root, "", nil, 0)]
    while let (value, path, holder, depth) = pending.popLast() {
      guard remaining > 0 else { return false }
      remaining -= 1
      if let copy = value as? any InspectedSharedCopy {
        visit(Found(copy: copy, path: path, holder: holder))
        continue
      }
      guard depth < Reflector.maximumDepth, !(type(of: value) is AnyClass) else { continue }
      let mirror = Mirror(reflecting: value)
      guard let style = mirror.displayStyle, !storedPropertiesOnly || style == .struct else {
        continue
      }
      let nextHolder = style == .struct ? (path, value) : holder
      var children: [Pending] = []
      for (index, child) in mirror.children.enumerated() {
        if storedPropertiesOnly, !(child.label.map(Reflector.isIdentifier) ?? false) { continue }
        var childPath = ""
        if tracksPaths {
          switch style {
          case .collection, .set, .dictionary: childPath = path + "[\(index)]"
          case .optional: childPath = path + "?"
          default: childPath = path + "." + (child.label ?? "\(index)")
          }
          if childPath.hasPrefix(".") { childPath.removeFirst() }
        }
        children.append((child.value, childPath, nextHolder, depth + 1))
      }
      // Reversed, so that the first child is searched first.
      pending.append(contentsOf: children.reversed())
    }
    return true
  }

  /// The first copy of each key in `root`, by key (an element's copies by key and element).
  static func copies(in root: Any) -> [String: Any] {
    var found: [String: Any] = [:]
    visit(root, maximumValues: 200_000, tracksPaths: false) { copy in
      let identity = copy.copy.sharedIdentity
      if found[identity] == nil { found[identity] = copy.copy }
    }
    return found
  }
}
