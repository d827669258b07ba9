import Tide

extension AddLocation {
  /// Everything the add-location screen knows.
  ///
  /// <!-- example: given brussels: Location -->
  /// ```swift
  /// let state = AddLocation.State(query: "Brus", locations: [brussels])
  /// state.location(at: 0)  // brussels
  /// state.location(at: 1)  // nil
  /// ```
  public struct State: Equatable, Sendable, SharedState {
    /// The search field's text.
    public var query: String
    /// The places the last search found.
    public var locations: [Location]
    /// Whether a search is waiting or running.
    public var isSearching: Bool
    /// The place the user picked, if any.
    public var pickedLocation: Location?
    /// What went wrong with the last search or tap, if anything.
    public var errorMessage: String?
    /// The places the user saved, shared with every screen that shows them (key
    /// ``AddLocation/savedLocationsKey``): a picked place is added to it, and a result already
    /// in it is marked. Alone, the search starts from none saved; presented in an app, it holds
    /// the app's list.
    public var savedLocations: Shared<IdentifiedArray<Location>>

    /// The search's shared field: ``savedLocations``.
    public static let sharedFields: [SharedField<Self>] = [.field(\.savedLocations)]

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - query: The search text.
    ///   - locations: The results.
    ///   - isSearching: Whether a search is in flight.
    ///   - pickedLocation: The picked place.
    ///   - errorMessage: The error on screen.
    ///   - savedLocations: The saved places: by default, a copy that takes the list the other
    ///     screens hold, and none while the search is alone.
    public init(
      query: String = "",
      locations: [Location] = [],
      isSearching: Bool = false,
      pickedLocation: Location? = nil,
      errorMessage: String? = nil,
      savedLocations: Shared<IdentifiedArray<Location>> = Shared(
        key: AddLocation.savedLocationsKey, default: [])
    ) {
      self.query = query
      self.locations = locations
      self.isSearching = isSearching
      self.pickedLocation = pickedLocation
      self.errorMessage = errorMessage
      self.savedLocations = savedLocations
    }

    /// The location at `index` in the results, or `nil` when the index is out of bounds.
    ///
    /// - Parameters:
    ///   - index: A position in ``locations``.
    /// - Returns: The location, or `nil`.
    public func location(at index: Int) -> Location? {
      locations.indices.contains(index) ? locations[index] : nil
    }
  }
}
