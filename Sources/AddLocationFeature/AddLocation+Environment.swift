import Tide

extension AddLocation {
  /// The add-location feature's dependencies.
  ///
  /// ```swift
  /// var environment = AddLocation.Environment.unimplemented
  /// environment.geocode = { _ in [Location(name: "Brussels", latitude: 50.8503, longitude: 4.3517)] }
  /// environment.clock = ManualClock()
  /// ```
  public struct Environment: Sendable {
    /// Finds the places matching a query (already trimmed, never empty).
    public var geocode: @Sendable (_ query: String) async throws -> [Location]
    /// The clock the debounce waits on.
    public var clock: any Clock<Duration>

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - geocode: The geocoder.
    ///   - clock: The clock.
    public init(
      geocode: @escaping @Sendable (_ query: String) async throws -> [Location],
      clock: any Clock<Duration>
    ) {
      self.geocode = geocode
      self.clock = clock
    }

    /// The default geocoder: the ``Gazetteer`` shipped with the module, offline, loaded on the
    /// first search.
    ///
    /// ```swift
    /// let environment = AddLocation.Environment.live(clock: ContinuousClock())
    /// ```
    ///
    /// - Parameters:
    ///   - clock: The clock the debounce waits on.
    ///   - gazetteer: A gazetteer to search instead of the shipped one.
    /// - Returns: The environment.
    public static func live(clock: any Clock<Duration>, gazetteer: Gazetteer? = nil) -> Self {
      Self(
        geocode: { query in
          do {
            return try (gazetteer ?? Gazetteer.shipped()).search(query)
          } catch let error as GazetteerError {
            throw GeocoderError.unavailable(error.description)
          }
        },
        clock: clock)
    }

    /// An environment whose every dependency fails the test that calls it; its clock never moves.
    ///
    /// ```swift
    /// let store = TestStore(
    ///   initialState: AddLocation.State(), reducer: AddLocation.reducer, environment: .unimplemented
    /// )
    /// ```
    public static var unimplemented: Self {
      Self(geocode: Tide.unimplemented("AddLocation.Environment.geocode"), clock: StoppedClock())
    }
  }
}

extension AddLocation.Environment: InterceptableEnvironment {
  /// The geocoder and the debounce's clock, declared once for the explorer, recordings and
  /// replays: the explorer ends a query with one place named after it, with none, or with the
  /// geocoder unavailable; a recording keeps a ``GeocoderError`` as itself.
  ///
  /// ```swift
  /// let environment = AddLocation.Environment.explorable(calls: ExploreCalls(), clock: ManualClock())
  /// ```
  public static let calls: [EnvironmentCall<Self>] = [
    EnvironmentCall("geocode", \.geocode, errors: GeocoderError.self) { query in
      [
        .success([Location(name: "\(query) City", latitude: 0, longitude: 0)]),
        .success([]),
        .failure(GeocoderError.unavailable("offline")),
      ]
    },
    .clock(\.clock),
  ]
}

/// A clock whose time never moves and whose sleeps wait until cancelled: for environments that
/// must not wait on their own.
struct StoppedClock: Clock {
  struct Instant: InstantProtocol {
    func advanced(by duration: Duration) -> Self { self }
    func duration(to other: Self) -> Duration { .zero }
    static func < (lhs: Self, rhs: Self) -> Bool { false }
  }

  var now: Instant { Instant() }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await Task.sleep(for: .seconds(86_400 * 365))
  }
}
