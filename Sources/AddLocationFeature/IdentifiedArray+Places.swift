import Tide

extension IdentifiedArray where Element == Location {
  /// Whether the same place is in the list: a place of the gazetteer by its identifier, one
  /// made by hand (identifier 0 or less) by its name and position.
  ///
  /// ```swift
  /// let saved: IdentifiedArray = [Location(id: 2_800_866, name: "Brussels", latitude: 50.85, longitude: 4.35)]
  /// print(saved.containsPlace(Location(id: 2_800_866, name: "Bruxelles", latitude: 50.85, longitude: 4.35)))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - location: The place to look for.
  /// - Returns: Whether the list holds it.
  public func containsPlace(_ location: Location) -> Bool {
    if location.id > 0 { return self[id: location.id] != nil }
    return contains { $0.isSamePlace(as: location) }
  }

  /// Adds a place at the end unless the same place is in the list (``containsPlace(_:)``). A
  /// place made by hand with identifier 0, or with one another place in the list has, gets one
  /// of its own: the lowest in the list less one, below zero, so it never collides with a place
  /// of the gazetteer (when the lowest is `Int.min`, the first identifier below zero no place
  /// has).
  ///
  /// ```swift
  /// var saved = IdentifiedArray<Location>()
  /// saved.appendPlace(Location(name: "Home", latitude: 50.8, longitude: 4.3))
  /// saved.appendPlace(Location(name: "Work", latitude: 50.9, longitude: 4.4))
  /// print(saved.map(\.id))  // [-1, -2]
  /// ```
  ///
  /// - Parameters:
  ///   - location: The place to add.
  /// - Returns: Whether it was added.
  @discardableResult
  public mutating func appendPlace(_ location: Location) -> Bool {
    guard !containsPlace(location) else { return false }
    var location = location
    if location.id == 0 || self[id: location.id] != nil {
      let lowest = Swift.min(0, lazy.map(\.id).filter { $0 <= 0 }.min() ?? 0)
      let (below, overflow) = lowest.subtractingReportingOverflow(1)
      if overflow {
        // The lowest is Int.min (a list read from a file): the first free one below zero.
        var free = -1
        while self[id: free] != nil { free -= 1 }
        location.id = free
      } else {
        location.id = below
      }
    }
    append(location)
    return true
  }
}

extension Location {
  /// The same place: the same GeoNames identifier, or for places made by hand (identifier 0,
  /// or below 0 once saved), the same name and position.
  package func isSamePlace(as other: Location) -> Bool {
    if id > 0 || other.id > 0 { return id == other.id }
    return name == other.name && latitude == other.latitude && longitude == other.longitude
  }
}
