extension AddLocation {
  /// Everything that can happen on the add-location screen.
  ///
  /// `Codable` in Swift's enum coding shape, so a REPL can decode `.queryChanged("Brus")` or
  /// `.locationTapped(index: 0)`.
  public enum Action: Equatable, Sendable, Codable {
    /// The search field changed.
    case queryChanged(String)
    /// The geocoder answered.
    case searchResponse(SearchResponse)
    /// The row at an index was tapped.
    case locationTapped(index: Int)
    /// Tells a parent feature what happened; the screen itself does nothing with it.
    case delegate(Delegate)

    /// What the screen tells its parent.
    public enum Delegate: Equatable, Sendable, Codable {
      /// The user picked a location, now in ``State/savedLocations`` (unless the same place
      /// was there already): the parent closes the search.
      case didAddLocation(Location)
    }
  }

  /// The outcome of a search.
  public enum SearchResponse: Equatable, Sendable, Codable {
    /// The places found (possibly none).
    case success([Location])
    /// The geocoder failed.
    case failure(GeocoderError)
  }
}

/// Why a search failed.
///
/// ```swift
/// print(GeocoderError.unavailable("no data"))  // The place search is unavailable: no data
/// ```
public enum GeocoderError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// The geocoder could not run; the detail says why.
  case unavailable(String)

  /// Classifies any error a geocoder throws.
  ///
  /// - Parameters:
  ///   - error: The error.
  public init(_ error: any Error) {
    if let error = error as? GeocoderError {
      self = error
    } else {
      self = .unavailable(String(describing: error))
    }
  }

  /// What to tell the person searching.
  public var description: String {
    switch self {
    case .unavailable(let detail): "The place search is unavailable: \(detail)"
    }
  }
}
