import Foundation
import Tide

/// The add-location screen: a search field whose query goes to a geocoder, the places it finds,
/// and a tap that picks one and adds it to the saved places, which the search shares with the
/// app's other screens (results already saved are marked).
///
/// Typing is debounced (0.3 s on the injected clock) and de-duplicated; a newer query cancels
/// the search in flight, so a stale response never overwrites a newer one. An empty query clears
/// the results at once and calls no geocoder.
///
/// ```swift
/// let store = Store(
///   initialState: AddLocation.State(),
///   reducer: AddLocation.reducer,
///   environment: .live(clock: ContinuousClock())
/// )
/// store.send(.queryChanged("Brus"))
/// // 0.3 s later: store.state.locations.first?.name == "Brussels"
/// ```
public enum AddLocation {
  /// Identifies the pending search, so a newer query replaces it.
  enum CancelID { case search }

  /// The key of the saved places every screen of an app shares: the search's
  /// ``State/savedLocations``, and the list and the place screens of the app.
  ///
  /// ```swift
  /// let saved = Shared(key: AddLocation.savedLocationsKey, value: IdentifiedArray<Location>())
  /// print(saved.key)  // savedLocations
  /// ```
  public static let savedLocationsKey = "savedLocations"

  /// How long typing must pause before a search starts.
  public static let debounce = Duration.milliseconds(300)

  /// The feature's logic. Pure: all outside work goes through ``Environment``.
  public static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .queryChanged(let query):
      let previous = state.query.trimmingWhitespace
      state.query = query
      let term = query.trimmingWhitespace
      guard !term.isEmpty else {
        state.locations = []
        state.isSearching = false
        state.errorMessage = nil
        return .cancel(id: CancelID.search)
      }
      // Same search as before (only spacing changed): nothing to do.
      guard term != previous else { return .none }
      state.isSearching = true
      return .run(name: "geocode") { send in
        await send(.searchResponse(.success(try await environment.geocode(term))))
      } catch: { error, send in
        await send(.searchResponse(.failure(GeocoderError(error))))
      }
      .debounce(id: CancelID.search, for: debounce, clock: environment.clock)

    case .searchResponse(.success(let locations)):
      state.isSearching = false
      state.locations = locations
      state.errorMessage = nil
      return .none

    case .searchResponse(.failure(let error)):
      state.isSearching = false
      // The results listed belong to an earlier query: keep none rather than stale ones (the
      // explorer found this; see ExploredRegressionTests).
      state.locations = []
      state.errorMessage = error.description
      return .none

    case .locationTapped(let index):
      guard let location = state.location(at: index) else {
        state.errorMessage =
          "There is no location at index \(index); the list has \(state.locations.count)."
        return .none
      }
      state.pickedLocation = location
      state.errorMessage = nil
      // Saved here, in the list every screen shares: the parent only closes the search.
      state.savedLocations.value.appendPlace(location)
      return .send(.delegate(.didAddLocation(location)))

    case .delegate:
      return .none
    }
  }
}

extension String {
  /// The text without leading and trailing white space (spaces, tabs, line breaks, no-break and
  /// zero-width spaces), trimmed scalar by scalar: what is actually searched for.
  ///
  /// The same result as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` (a seeded
  /// test compares them), without the bridge through `NSString`: invariants call it on every
  /// state an explorer reaches.
  package var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return self }
    if !first.isTrimmedSpace, !last.isTrimmedSpace { return self }
    guard let start = scalars.firstIndex(where: { !$0.isTrimmedSpace }),
      let end = scalars.lastIndex(where: { !$0.isTrimmedSpace })
    else { return "" }
    return String(scalars[start...end])
  }
}

extension Unicode.Scalar {
  /// Whether Foundation's `.whitespacesAndNewlines` contains it: Unicode's White_Space, and the
  /// zero-width space, which Foundation still counts as one.
  fileprivate var isTrimmedSpace: Bool {
    properties.isWhitespace || self == "\u{200B}"
  }
}
