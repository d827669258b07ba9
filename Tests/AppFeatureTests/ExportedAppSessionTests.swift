// swift-format-ignore-file
// Exported by the REPL (:export-test) from a session of the app feature,
// environment demo. Every step asserts its exact state change.
// It holds the values typed in the session, passwords included, so the REPL creates it
// readable by you only; keep it private.

import AddLocationFeature
import AppFeature
import LoginFeature
import Testing
import Tide
import TideTesting

@MainActor
@Test func exportedAppSessionTests() async {
  let clock = ManualClock()
  let store = TestStore(
    initialState: App.State(),
    reducer: App.reducer,
    environment: App.Environment.demo(clock: clock)
  )
  await store.send(.login(.usernameChanged("pritesh"))) { $0.login?.username = "pritesh" }
  await store.send(.login(.passwordChanged("Secret1"))) { $0.login?.password = "Secret1" }
  await store.send(.login(.loginButtonTapped)) { $0.login?.isLoading = true }
  await clock.advance(by: .milliseconds(800))
  await store.receive(.login(.loginResponse(.success(User(name: "Pritesh", userName: "pritesh", email: "pritesh@example.com", address: "Pune, India", designation: "iOS Developer"))))) {
    $0.login = nil
    $0.home = App.Home(
      user: User(
        name: "Pritesh",
        userName: "pritesh",
        email: "pritesh@example.com",
        address: "Pune, India",
        designation: "iOS Developer"
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
  await store.send(.addLocation(.presented(.queryChanged("B")))) {
    $0.search?.query = "B"
    $0.search?.isSearching = true
  }
  await clock.advance(by: .milliseconds(100))
  await store.send(.addLocation(.presented(.queryChanged("Brus")))) { $0.search?.query = "Brus" }
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
  await store.send(.addLocation(.dismiss)) { $0.search = nil }
  await store.send(.savedLocation(id: 2800866, action: .openTapped)) {
    $0.path[id: 0] = PlaceDetail.State(
      location: Location(
        id: 2800866,
        name: "Brussels",
        countryCode: "BE",
        countryName: "Belgium",
        latitude: 50.85045,
        longitude: 4.34878,
        population: 1019022,
        timezone: "Europe/Brussels"
      ),
      namesakes: nil,
      isLoadingNamesakes: false,
      lookupError: nil,
      destination: nil,
      savedLocations: $0.savedLocations
    )
  }
  await store.receive(.path(.element(id: 0, action: .appeared))) { $0.path[0].isLoadingNamesakes = true }
  await store.receive(.path(.element(id: 0, action: .namesakesLoaded([])))) {
    $0.path[0].namesakes = []
    $0.path[0].isLoadingNamesakes = false
  }
  await store.send(.path(.element(id: 0, action: .renameTapped))) { $0.path[0].destination = .rename(RenamePlace.State(name: "Brussels")) }
  await store.send(.path(.element(id: 0, action: .destination(.presented(.rename(.binding(.set(\.name, "")))))))) { $0.path[0].destination = .rename(RenamePlace.State(name: "")) }
  await store.send(.path(.element(id: 0, action: .destination(.presented(.rename(.saveTapped)))))) {
    $0.path[0].destination = .alert(
      AlertState(
        title: "A place needs a name",
        message: "The name can’t be empty.",
        buttons: [
          ButtonState("Rename again", action: .renameAgain),
          ButtonState(role: .cancel, "Keep “Brussels”")
        ]
      )
    )
  }
  await store.send(.path(.element(id: 0, action: .destination(.presented(.alert(.renameAgain)))))) { $0.path[0].destination = .rename(RenamePlace.State(name: "Brussels")) }
  await store.send(.path(.element(id: 0, action: .destination(.presented(.rename(.binding(.set(\.name, "Home")))))))) { $0.path[0].destination = .rename(RenamePlace.State(name: "Home")) }
  await store.send(.path(.element(id: 0, action: .destination(.presented(.rename(.saveTapped)))))) {
    $0.path[0].location.name = "Home"
    $0.path[0].destination = nil
    $0.path[0].savedLocations.value[0].name = "Home"
  }
  await store.send(.path(.element(id: 0, action: .deleteTapped))) {
    $0.path[0].destination = .confirmDeletion(
      ConfirmationDialogState(
        title: "Home",
        titleVisibility: .visible,
        message: "Remove it from your saved places?",
        buttons: [
          ButtonState(role: .destructive, "Delete", action: .delete),
          ButtonState(role: .cancel, "Cancel")
        ]
      )
    )
  }
  await store.send(.path(.element(id: 0, action: .destination(.dismiss)))) { $0.path[0].destination = nil }
  await store.send(.logoutTapped) {
    $0.login = Login.State(username: "", password: "", isLoading: false, user: nil, alert: nil)
    $0.home = nil
    $0.path[id: 0] = nil
  }
}
