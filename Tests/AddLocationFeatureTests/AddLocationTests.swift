import AddLocationFeature
import Testing
import Tide
import TideTestSupport
import TideTesting

extension Location {
  /// The articles' stub result.
  static let brussels = Location(name: "Brussels", latitude: 50.8503, longitude: 4.3517)
  static let bruges = Location(name: "Bruges", latitude: 51.2093, longitude: 3.2247)
}

@MainActor
@Suite struct AddLocationTests {
  let clock = ManualClock()

  func makeStore(
    _ state: AddLocation.State = AddLocation.State(),
    geocode: @escaping @Sendable (String) async throws -> [Location] = { _ in [.brussels] }
  ) -> TestStore<AddLocation.State, AddLocation.Action, AddLocation.Environment> {
    TestStore(
      initialState: state, reducer: AddLocation.reducer,
      environment: AddLocation.Environment(geocode: geocode, clock: clock))
  }

  @Test func aQueryGivesOneLocationNamedBrussels() async {
    let store = makeStore()
    await store.send(.queryChanged("Brussels")) {
      $0.query = "Brussels"
      $0.isSearching = true
    }
    await clock.advance(by: AddLocation.debounce)
    await store.receive(.searchResponse(.success([.brussels]))) {
      $0.isSearching = false
      $0.locations = [.brussels]
    }
    #expect(store.state.locations.count == 1)
    #expect(store.state.location(at: 0)?.name == "Brussels")
    #expect(store.state.location(at: 0)?.latitude == 50.8503)
    #expect(store.state.location(at: 0)?.longitude == 4.3517)
    #expect(store.state.location(at: 1) == nil)
    #expect(store.state.location(at: -1) == nil)
  }

  @Test func anEmptyQueryGivesNoLocationsAndCallsNoGeocoder() async {
    let store = TestStore(
      initialState: AddLocation.State(query: "Bru", locations: [.brussels]),
      reducer: AddLocation.reducer, environment: .unimplemented)
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.locations = []
    }
    await store.send(.queryChanged("   ")) { $0.query = "   " }
    #expect(store.state.locations.isEmpty)
  }

  @Test func keystrokesInsideTheDebounceWindowCauseOneSearch() async {
    let searches = ValueLog<String>()
    let store = makeStore { query in
      searches.append(query)
      return [.brussels]
    }
    await store.send(.queryChanged("B")) {
      $0.query = "B"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("Br")) { $0.query = "Br" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("Bru")) { $0.query = "Bru" }
    await clock.advance(by: .milliseconds(299))
    #expect(searches.all.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse(.success([.brussels]))) {
      $0.isSearching = false
      $0.locations = [.brussels]
    }
    #expect(searches.all == ["Bru"])
  }

  @Test func aNewerQueryCancelsTheSearchInFlight() async {
    let clock = self.clock
    let store = makeStore { query in
      // The first search is slow; the second answers at once.
      if query == "Bru" { try await clock.sleep(for: .seconds(5)) }
      return query == "Bru" ? [.bruges] : [.brussels]
    }
    await store.send(.queryChanged("Bru")) {
      $0.query = "Bru"
      $0.isSearching = true
    }
    await clock.advance(by: AddLocation.debounce)
    await store.send(.queryChanged("Brus")) { $0.query = "Brus" }
    await clock.advance(by: AddLocation.debounce)
    await store.receive(.searchResponse(.success([.brussels]))) {
      $0.isSearching = false
      $0.locations = [.brussels]
    }
    // The stale search was cancelled: moving past its answer delivers nothing.
    await clock.advance(by: .seconds(10))
    #expect(store.state.locations == [.brussels])
  }

  @Test func aDuplicateQueryDoesNothing() async {
    let store = makeStore(AddLocation.State(query: "Brus", locations: [.brussels]))
    await store.send(.queryChanged("Brus ")) { $0.query = "Brus " }
    await store.send(.queryChanged("Brus")) { $0.query = "Brus" }
  }

  /// The results of an earlier query are not left listed under the new one (the explorer found
  /// that they were).
  @Test func geocoderErrorsShowAMessageKeepTheQueryAndDropStaleResults() async {
    struct Down: Error {}
    let store = makeStore(AddLocation.State(locations: [.bruges])) { _ in throw Down() }
    await store.send(.queryChanged("Brus")) {
      $0.query = "Brus"
      $0.isSearching = true
    }
    await clock.advance(by: AddLocation.debounce)
    await store.receive(.searchResponse(.failure(.unavailable("Down()")))) {
      $0.isSearching = false
      $0.locations = []
      $0.errorMessage = "The place search is unavailable: Down()"
    }
    #expect(store.state.query == "Brus")
  }

  @Test func clearingTheQueryCancelsAPendingSearch() async {
    let store = makeStore()
    await store.send(.queryChanged("Bru")) {
      $0.query = "Bru"
      $0.isSearching = true
    }
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.isSearching = false
    }
    await clock.advance(by: .seconds(1))
    #expect(store.runningEffects.isEmpty)
  }

  @Test func tappingALocationPicksAndSavesItAndTellsTheParent() async {
    let store = makeStore(AddLocation.State(query: "Bru", locations: [.bruges, .brussels]))
    await store.send(.locationTapped(index: 1)) {
      $0.pickedLocation = .brussels
      // Made by hand (identifier 0): saved with an identifier of its own, -1.
      $0.savedLocations.value.appendPlace(.brussels)
    }
    await store.receive(.delegate(.didAddLocation(.brussels)))
  }

  @Test func aResultAlreadySavedIsMarkedAndPickingItAgainAddsNothing() async {
    let saved = Shared(
      key: AddLocation.savedLocationsKey, value: IdentifiedArray([Location.brussels]))
    let store = makeStore(
      AddLocation.State(query: "Bru", locations: [.bruges, .brussels], savedLocations: saved))
    #expect(AddLocation.ViewState(store.state).rows.map(\.isSaved) == [false, true])
    await store.send(.locationTapped(index: 1)) { $0.pickedLocation = .brussels }
    await store.receive(.delegate(.didAddLocation(.brussels)))
    await store.send(.locationTapped(index: 0)) {
      $0.pickedLocation = .bruges
      $0.savedLocations.value.appendPlace(.bruges)
    }
    await store.receive(.delegate(.didAddLocation(.bruges)))
    #expect(AddLocation.ViewState(store.state).rows.map(\.isSaved) == [true, true])
  }

  @Test func placesMadeByHandGetIdentifiersOfTheirOwnBelowZero() {
    var saved = IdentifiedArray<Location>()
    let home = Location(name: "Home", latitude: 1, longitude: 2)
    let work = Location(name: "Work", latitude: 3, longitude: 4)
    let added = [saved.appendPlace(home), saved.appendPlace(work)]
    // The same place made by hand again: found by name and position, not added.
    let addedAgain = saved.appendPlace(home)
    #expect(added == [true, true] && !addedAgain)
    #expect(saved.map(\.id) == [-1, -2])
    // One whose identifier another place holds gets a new one, rather than replacing it.
    let gym = saved.appendPlace(Location(id: -1, name: "Gym", latitude: 5, longitude: 6))
    #expect(gym)
    #expect(saved.map(\.name) == ["Home", "Work", "Gym"])
    #expect(saved.map(\.id) == [-1, -2, -3])
    #expect(saved.containsPlace(Location(name: "Gym", latitude: 5, longitude: 6)))
    // A list read from a file may hold the lowest identifier there is: no overflow, the first
    // free one below zero.
    var extreme: IdentifiedArray = [Location(id: .min, name: "Far", latitude: 0, longitude: 0)]
    let near = extreme.appendPlace(home)
    #expect(near && extreme.map(\.id) == [.min, -1])
  }

  @Test func tappingOutOfBoundsSaysSo() async {
    let store = makeStore(AddLocation.State(locations: [.brussels]))
    await store.send(.locationTapped(index: 3)) {
      $0.errorMessage = "There is no location at index 3; the list has 1."
    }
  }

  @Test func liveEnvironmentSearchesTheShippedGazetteer() async throws {
    let store = TestStore(
      initialState: AddLocation.State(), reducer: AddLocation.reducer,
      environment: .live(clock: clock))
    store.exhaustivity = .off
    await store.send(.queryChanged("Brus"))
    await clock.advance(by: AddLocation.debounce)
    await store.receive({ if case .searchResponse(.success) = $0 { true } else { false } })
    let first = try #require(store.state.locations.first)
    #expect(first.name == "Brussels")
    #expect(first.countryCode == "BE")
    #expect(first.countryName == "Belgium")
  }
}

@Suite struct AddLocationViewStateTests {
  @Test func rowsShowTheNameAndTheCountry() {
    let brussels = Location(
      id: 2_800_866, name: "Brussels", countryCode: "BE", countryName: "Belgium", latitude: 50.85,
      longitude: 4.35)
    let view = AddLocation.ViewState(AddLocation.State(query: "Brus", locations: [brussels]))
    #expect(view.rows == [.init(id: 2_800_866, title: "Brussels", subtitle: "Belgium")])
    #expect(view.emptyMessage == nil)
    #expect(!view.isSearchingIndicatorVisible)
  }

  @Test func emptyStatesSayWhatToDo() {
    #expect(AddLocation.ViewState(AddLocation.State()).emptyMessage == "Type the name of a city.")
    #expect(
      AddLocation.ViewState(AddLocation.State(query: " Xq ")).emptyMessage
        == "No places match “Xq”.")
    let searching = AddLocation.ViewState(AddLocation.State(query: "Xq", isSearching: true))
    #expect(searching.emptyMessage == nil)
    #expect(searching.isSearchingIndicatorVisible)
  }
}
