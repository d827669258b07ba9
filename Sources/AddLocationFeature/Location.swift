/// A place a geocoder found: a city or town with its country and position.
///
/// ```swift
/// let brussels = Location(name: "Brussels", latitude: 50.8503, longitude: 4.3517)
/// ```
public struct Location: Equatable, Hashable, Identifiable, Sendable, Codable {
  /// The GeoNames identifier (0 for places made by hand).
  public var id: Int
  /// The place's name, as written locally: "Zürich".
  public var name: String
  /// The ISO 3166 country code: "BE".
  public var countryCode: String
  /// The country's English name: "Belgium".
  public var countryName: String
  /// Latitude in degrees, north positive.
  public var latitude: Double
  /// Longitude in degrees, east positive.
  public var longitude: Double
  /// How many people live there.
  public var population: Int
  /// The IANA time zone: "Europe/Brussels".
  public var timezone: String

  /// Creates a location.
  ///
  /// - Parameters:
  ///   - id: The GeoNames identifier.
  ///   - name: The name.
  ///   - countryCode: The ISO 3166 country code.
  ///   - countryName: The country's name.
  ///   - latitude: Latitude in degrees.
  ///   - longitude: Longitude in degrees.
  ///   - population: The population.
  ///   - timezone: The IANA time zone.
  public init(
    id: Int = 0,
    name: String,
    countryCode: String = "",
    countryName: String = "",
    latitude: Double,
    longitude: Double,
    population: Int = 0,
    timezone: String = ""
  ) {
    self.id = id
    self.name = name
    self.countryCode = countryCode
    self.countryName = countryName
    self.latitude = latitude
    self.longitude = longitude
    self.population = population
    self.timezone = timezone
  }
}
