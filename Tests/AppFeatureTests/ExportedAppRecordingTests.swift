// swift-format-ignore-file
// Exported by the REPL (:export-test) from a session of the app feature,
// environment replay. Every step asserts its exact state change.
// It holds the values typed in the session, passwords included, so the REPL creates it
// readable by you only; keep it private.

import AddLocationFeature
import AppFeature
import LoginFeature
import Testing
import Tide
import TideRecord
import TideTesting

@MainActor
@Test func exportedAppRecordingTests() async throws {
  let clock = ManualClock()
  let recording = try Recording(
    parsing: #"""
      # tide session
      answer @0ms #1 "login" value {"address":"London","designation":"Analyst","email":"ada@example.com","name":"Ada Lovelace","userName":"ada"}
      answer @300ms #1 "geocode" value [{"countryCode":"BE","countryName":"Belgium","id":2800866,"latitude":50.85045,"longitude":4.34878,"name":"Brussels","population":1019022,"timezone":"Europe/Brussels"},{"countryCode":"BR","countryName":"Brazil","id":3468879,"latitude":-27.09795,"longitude":-48.91281,"name":"Brusque","population":141385,"timezone":"America/Sao_Paulo"},{"countryCode":"US","countryName":"United States","id":4676920,"latitude":30.51353,"longitude":-97.73973,"name":"Brushy Creek","population":21764,"timezone":"America/Chicago"},{"countryCode":"IT","countryName":"Italy","id":3181471,"latitude":40.92237,"longitude":14.42386,"name":"Brusciano","population":15238,"timezone":"Europe/Rome"}]
      """#)
  let calls = RecordedCalls(replaying: recording, clock: clock)
  let store = TestStore(
    initialState: App.State(),
    reducer: App.reducer,
    environment: App.Environment.replaying(calls)
  )
  await store.send(.login(.usernameChanged("ada"))) { $0.login?.username = "ada" }
  await store.send(.login(.passwordChanged("Aaaaaaaa0"))) { $0.login?.password = "Aaaaaaaa0" }
  await store.send(.login(.loginButtonTapped)) { $0.login?.isLoading = true }
  await store.receive(.login(.loginResponse(.success(User(name: "Ada Lovelace", userName: "ada", email: "ada@example.com", address: "London", designation: "Analyst"))))) {
    $0.login = nil
    $0.home = App.Home(
      user: User(
        name: "Ada Lovelace",
        userName: "ada",
        email: "ada@example.com",
        address: "London",
        designation: "Analyst"
      ),
      errorMessage: nil
    )
  }
  await store.send(.searchTapped) {
    $0.search = AddLocation.State(
      query: "",
      locations: [],
      isSearching: false,
      pickedLocation: nil,
      errorMessage: nil,
      savedLocations: $0.savedLocations
    )
  }
  await store.send(.addLocation(.presented(.queryChanged("Brus")))) {
    $0.search?.query = "Brus"
    $0.search?.isSearching = true
  }
  await clock.advance(by: .milliseconds(300))
  await store.receive(.addLocation(.presented(.searchResponse(.success([Location(id: 2800866, name: "Brussels", countryCode: "BE", countryName: "Belgium", latitude: 50.85045, longitude: 4.34878, population: 1019022, timezone: "Europe/Brussels"), Location(id: 3468879, name: "Brusque", countryCode: "BR", countryName: "Brazil", latitude: -27.09795, longitude: -48.91281, population: 141385, timezone: "America/Sao_Paulo"), Location(id: 4676920, name: "Brushy Creek", countryCode: "US", countryName: "United States", latitude: 30.51353, longitude: -97.73973, population: 21764, timezone: "America/Chicago"), Location(id: 3181471, name: "Brusciano", countryCode: "IT", countryName: "Italy", latitude: 40.92237, longitude: 14.42386, population: 15238, timezone: "Europe/Rome")]))))) {
    $0.search?.locations = [
      Location(
        id: 2800866,
        name: "Brussels",
        countryCode: "BE",
        countryName: "Belgium",
        latitude: 50.85045,
        longitude: 4.34878,
        population: 1019022,
        timezone: "Europe/Brussels"
      ),
      Location(
        id: 3468879,
        name: "Brusque",
        countryCode: "BR",
        countryName: "Brazil",
        latitude: -27.09795,
        longitude: -48.91281,
        population: 141385,
        timezone: "America/Sao_Paulo"
      ),
      Location(
        id: 4676920,
        name: "Brushy Creek",
        countryCode: "US",
        countryName: "United States",
        latitude: 30.51353,
        longitude: -97.73973,
        population: 21764,
        timezone: "America/Chicago"
      ),
      Location(
        id: 3181471,
        name: "Brusciano",
        countryCode: "IT",
        countryName: "Italy",
        latitude: 40.92237,
        longitude: 14.42386,
        population: 15238,
        timezone: "Europe/Rome"
      )
    ]
    $0.search?.isSearching = false
  }
  await store.send(.addLocation(.presented(.locationTapped(index: 0)))) {
    $0.search?.pickedLocation = Location(
      id: 2800866,
      name: "Brussels",
      countryCode: "BE",
      countryName: "Belgium",
      latitude: 50.85045,
      longitude: 4.34878,
      population: 1019022,
      timezone: "Europe/Brussels"
    )
    $0.search?.savedLocations.value = [
      Location(
        id: 2800866,
        name: "Brussels",
        countryCode: "BE",
        countryName: "Belgium",
        latitude: 50.85045,
        longitude: 4.34878,
        population: 1019022,
        timezone: "Europe/Brussels"
      )
    ]
  }
  await store.receive(.addLocation(.presented(.delegate(.didAddLocation(Location(id: 2800866, name: "Brussels", countryCode: "BE", countryName: "Belgium", latitude: 50.85045, longitude: 4.34878, population: 1019022, timezone: "Europe/Brussels")))))) { $0.search = nil }
}
