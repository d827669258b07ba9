import Foundation

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
    /// The key of the copy whose value holds this one, when the search looks inside copies.
    package var enclosingKey: String?
  }

  /// Visits every copy in `root`, outermost first and in field order, visiting at most
  /// `maximumValues` values: a larger state is searched in part. A copy's own value is searched
  /// only with `searchesInsideCopies`; objects never are (a state is values, and an object graph
  /// may have cycles).
  ///
  /// - Parameters:
  ///   - root: The state.
  ///   - maximumValues: How many values to visit at most.
  ///   - tracksPaths: Whether to spell each copy's path, which costs a string a value.
  ///   - storedPropertiesOnly: Whether to search only through stored properties of structs
  ///     whose labels Swift can write after a dot, so that each path found (`list.saved`) is
  ///     Swift that reads the copy from the root.
  ///   - searchesInsideCopies: Whether to search each copy's value too, for copies inside it.
  ///   - visit: Called with each copy found.
  /// - Returns: Whether it visited all of `root`, rather than stopping at `maximumValues`.
  @discardableResult
  package static func visit(
    _ root: Any, maximumValues: Int, tracksPaths: Bool, storedPropertiesOnly: Bool = false,
    searchesInsideCopies: Bool = false, _ visit: (Found) -> Void
  ) -> Bool {
    // Where each value listed sits, as its parent's place and the step from it: a path is
    // spelled only for a copy found (a string for every value cost most of a search).
    var places: [Place] = [Place(parent: -1, step: .root)]
    func path(of place: Int) -> String {
      var steps: [Step] = []
      var current = place
      while current > 0 {
        steps.append(places[current].step)
        current = places[current].parent
      }
      var text = ""
      for step in steps.reversed() {
        switch step {
        case .root: break
        case .index(let index): text += "[\(index)]"
        case .optional: text += "?"
        // A tuple's labels (`.0`) bring their own dot.
        case .label(let label): text += label.hasPrefix(".") ? label : "." + label
        }
      }
      if text.hasPrefix(".") { text.removeFirst() }
      return text
    }
    // What each type is, decided by the type alone (``CopyHoldingTypes``): a shared copy, a value
    // that cannot hold one (an object, a number, a struct of such), or one searched value by
    // value, as its mirror shows it (a field of type `Any` may hold a copy in one value and not
    // in another). Kept here too, to ask the process's answers once a type.
    var kinds: [ObjectIdentifier: Kind] = [:]
    func kindOfType(of value: Any) -> Kind {
      let type = Swift.type(of: value)
      let identifier = ObjectIdentifier(type)
      if let kind = kinds[identifier] { return kind }
      let kind = CopyHoldingTypes.kind(of: type)
      kinds[identifier] = kind
      return kind
    }
    var remaining = maximumValues
    var pending: [Pending] = [
      Pending(value: root, place: 0, holder: nil, depth: 0, enclosingKey: nil)
    ]
    // Whether children were left unlisted, past what the budget could still visit.
    var leftOut = false
    while let next = pending.popLast() {
      let (value, place, holder, depth) = (next.value, next.place, next.holder, next.depth)
      guard remaining > 0 else { return false }
      remaining -= 1
      let kind = kindOfType(of: value)
      if kind == .copy, let copy = value as? any InspectedSharedCopy {
        let copyPath = tracksPaths ? path(of: place) : ""
        let found = holder.map { (path: tracksPaths ? path(of: $0.place) : "", value: $0.value) }
        visit(
          Found(copy: copy, path: copyPath, holder: found, enclosingKey: next.enclosingKey))
        let inner = copy.sharedValueToSearch
        if searchesInsideCopies, depth < Reflector.maximumDepth, kindOfType(of: inner) != .skipped {
          var innerPlace = 0
          if tracksPaths {
            innerPlace = places.count
            places.append(Place(parent: place, step: .label("value")))
          }
          pending.append(
            Pending(
              value: inner, place: innerPlace, holder: holder, depth: depth + 1,
              enclosingKey: copy.sharedKey))
        }
        continue
      }
      guard kind == .searched, depth < Reflector.maximumDepth else { continue }
      let mirror = Mirror(reflecting: value)
      guard let style = mirror.displayStyle, !storedPropertiesOnly || style == .struct else {
        continue
      }
      let nextHolder = style == .struct ? Holder(place: place, value: value) : holder
      var children: [Pending] = []
      // Only as many children as could still be visited are listed (a state of a million
      // elements is not copied into a million entries to visit 20,000).
      let listed = mirror.children.prefix(remaining)
      if listed.count < mirror.children.count { leftOut = true }
      for (index, child) in listed.enumerated() {
        if storedPropertiesOnly, !(child.label.map(Reflector.isIdentifier) ?? false) { continue }
        var childPlace = 0
        if tracksPaths {
          let step: Step
          switch style {
          case .collection, .set, .dictionary: step = .index(index)
          case .optional: step = .optional
          default: step = .label(child.label ?? "\(index)")
          }
          childPlace = places.count
          places.append(Place(parent: place, step: step))
        }
        children.append(
          Pending(
            value: child.value, place: childPlace, holder: nextHolder, depth: depth + 1,
            enclosingKey: next.enclosingKey))
      }
      // Reversed, so that the first child is searched first.
      pending.append(contentsOf: children.reversed())
    }
    return !leftOut
  }

  /// One step of a path: into an element, an optional's value, or a field.
  private enum Step {
    case root
    case index(Int)
    case optional
    case label(String)
  }

  /// Where a value sits: the place of the value that holds it, and the step from there.
  private struct Place {
    let parent: Int
    let step: Step
  }

  /// A value waiting to be searched: where it is, the nearest struct above it, and how deep.
  private struct Pending {
    let value: Any
    let place: Int
    let holder: Holder?
    let depth: Int
    /// The key of the nearest copy whose value holds it.
    let enclosingKey: String?
  }

  /// The nearest struct above a value, and where it is.
  private struct Holder {
    let place: Int
    let value: Any
  }

  /// What a search does with values of one type.
  private typealias Kind = CopyHoldingTypes.Kind

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
