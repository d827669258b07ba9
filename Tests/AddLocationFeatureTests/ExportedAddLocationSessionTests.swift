// swift-format-ignore-file
// Exported by the REPL (:export-test) from a session of the add-location feature,
// environment demo. Every step asserts its exact state change.
// It holds the values typed in the session, passwords included, so the REPL creates it
// readable by you only; keep it private.

import AddLocationFeature
import Testing
import Tide
import TideTesting

@MainActor
@Test func exportedAddLocationSessionTests() async {
  let clock = ManualClock()
  let store = TestStore(
    initialState: AddLocation.State(),
    reducer: AddLocation.reducer,
    environment: AddLocation.Environment.live(clock: clock)
  )
  await store.send(.queryChanged("B")) {
    $0.query = "B"
    $0.isSearching = true
  }
  await clock.advance(by: .milliseconds(100))
  await store.send(.queryChanged("Brus")) { $0.query = "Brus" }
  await clock.advance(by: .milliseconds(300))
  await store.receive(.searchResponse(.success([Location(id: 2800866, name: "Brussels", countryCode: "BE", countryName: "Belgium", latitude: 50.85045, longitude: 4.34878, population: 1019022, timezone: "Europe/Brussels"), Location(id: 3468879, name: "Brusque", countryCode: "BR", countryName: "Brazil", latitude: -27.09795, longitude: -48.91281, population: 141385, timezone: "America/Sao_Paulo"), Location(id: 4676920, name: "Brushy Creek", countryCode: "US", countryName: "United States", latitude: 30.51353, longitude: -97.73973, population: 21764, timezone: "America/Chicago"), Location(id: 3181471, name: "Brusciano", countryCode: "IT", countryName: "Italy", latitude: 40.92237, longitude: 14.42386, population: 15238, timezone: "Europe/Rome")]))) {
    $0.locations = [
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
    $0.isSearching = false
  }
  await store.send(.queryChanged("zurich")) {
    $0.query = "zurich"
    $0.isSearching = true
  }
  await clock.advance(by: .milliseconds(300))
  await store.receive(.searchResponse(.success([Location(id: 2657896, name: "Zürich", countryCode: "CH", countryName: "Switzerland", latitude: 47.36667, longitude: 8.55, population: 415367, timezone: "Europe/Zurich"), Location(id: 6295533, name: "Zürich (Kreis 11)", countryCode: "CH", countryName: "Switzerland", latitude: 47.42326, longitude: 8.52166, population: 54260, timezone: "Europe/Zurich"), Location(id: 6295532, name: "Zürich (Kreis 3)", countryCode: "CH", countryName: "Switzerland", latitude: 47.35785, longitude: 8.50296, population: 46018, timezone: "Europe/Zurich"), Location(id: 6295534, name: "Zürich (Kreis 9)", countryCode: "CH", countryName: "Switzerland", latitude: 47.38245, longitude: 8.47993, population: 44878, timezone: "Europe/Zurich"), Location(id: 6295539, name: "Zürich (Kreis 10)", countryCode: "CH", countryName: "Switzerland", latitude: 47.40773, longitude: 8.5005, population: 36216, timezone: "Europe/Zurich"), Location(id: 6295548, name: "Zürich (Kreis 7)", countryCode: "CH", countryName: "Switzerland", latitude: 47.37328, longitude: 8.58038, population: 33820, timezone: "Europe/Zurich"), Location(id: 6295550, name: "Zürich (Kreis 6)", countryCode: "CH", countryName: "Switzerland", latitude: 47.39223, longitude: 8.54381, population: 29951, timezone: "Europe/Zurich"), Location(id: 6295540, name: "Zürich (Kreis 2)", countryCode: "CH", countryName: "Switzerland", latitude: 47.33756, longitude: 8.5211, population: 29215, timezone: "Europe/Zurich"), Location(id: 6295513, name: "Zürich (Kreis 9) / Altstetten", countryCode: "CH", countryName: "Switzerland", latitude: 47.38946, longitude: 8.48533, population: 28307, timezone: "Europe/Zurich"), Location(id: 6295523, name: "Zürich (Kreis 12)", countryCode: "CH", countryName: "Switzerland", latitude: 47.40372, longitude: 8.57608, population: 28189, timezone: "Europe/Zurich"), Location(id: 2661666, name: "Zürich (Kreis 4) / Aussersihl", countryCode: "CH", countryName: "Switzerland", latitude: 47.37752, longitude: 8.52127, population: 27273, timezone: "Europe/Zurich"), Location(id: 6295498, name: "Zürich (Kreis 3) / Sihlfeld", countryCode: "CH", countryName: "Switzerland", latitude: 47.37382, longitude: 8.51164, population: 20977, timezone: "Europe/Zurich"), Location(id: 6295504, name: "Zürich (Kreis 6) / Unterstrass", countryCode: "CH", countryName: "Switzerland", latitude: 47.3953, longitude: 8.53721, population: 20045, timezone: "Europe/Zurich"), Location(id: 2659310, name: "Zürich (Kreis 11) / Oerlikon", countryCode: "CH", countryName: "Switzerland", latitude: 47.40823, longitude: 8.54258, population: 17922, timezone: "Europe/Zurich"), Location(id: 2658656, name: "Zürich (Kreis 11) / Seebach", countryCode: "CH", countryName: "Switzerland", latitude: 47.42181, longitude: 8.54779, population: 17851, timezone: "Europe/Zurich"), Location(id: 6295484, name: "Zürich (Kreis 11) / Affoltern", countryCode: "CH", countryName: "Switzerland", latitude: 47.41814, longitude: 8.5122, population: 17241, timezone: "Europe/Zurich"), Location(id: 2660306, name: "Zürich (Kreis 10) / Höngg", countryCode: "CH", countryName: "Switzerland", latitude: 47.40313, longitude: 8.4971, population: 17117, timezone: "Europe/Zurich"), Location(id: 6295512, name: "Zürich (Kreis 9) / Albisrieden", countryCode: "CH", countryName: "Switzerland", latitude: 47.37398, longitude: 8.49007, population: 16480, timezone: "Europe/Zurich"), Location(id: 6295495, name: "Zürich (Kreis 2) / Wollishofen", countryCode: "CH", countryName: "Switzerland", latitude: 47.3401, longitude: 8.53134, population: 16073, timezone: "Europe/Zurich"), Location(id: 6295475, name: "Zürich (Kreis 10) / Wipkingen", countryCode: "CH", countryName: "Switzerland", latitude: 47.39503, longitude: 8.52529, population: 15718, timezone: "Europe/Zurich")]))) {
    $0.locations = [
      Location(
        id: 2657896,
        name: "Zürich",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.36667,
        longitude: 8.55,
        population: 415367,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295533,
        name: "Zürich (Kreis 11)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.42326,
        longitude: 8.52166,
        population: 54260,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295532,
        name: "Zürich (Kreis 3)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.35785,
        longitude: 8.50296,
        population: 46018,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295534,
        name: "Zürich (Kreis 9)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.38245,
        longitude: 8.47993,
        population: 44878,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295539,
        name: "Zürich (Kreis 10)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.40773,
        longitude: 8.5005,
        population: 36216,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295548,
        name: "Zürich (Kreis 7)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.37328,
        longitude: 8.58038,
        population: 33820,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295550,
        name: "Zürich (Kreis 6)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.39223,
        longitude: 8.54381,
        population: 29951,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295540,
        name: "Zürich (Kreis 2)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.33756,
        longitude: 8.5211,
        population: 29215,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295513,
        name: "Zürich (Kreis 9) / Altstetten",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.38946,
        longitude: 8.48533,
        population: 28307,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295523,
        name: "Zürich (Kreis 12)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.40372,
        longitude: 8.57608,
        population: 28189,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 2661666,
        name: "Zürich (Kreis 4) / Aussersihl",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.37752,
        longitude: 8.52127,
        population: 27273,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295498,
        name: "Zürich (Kreis 3) / Sihlfeld",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.37382,
        longitude: 8.51164,
        population: 20977,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295504,
        name: "Zürich (Kreis 6) / Unterstrass",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.3953,
        longitude: 8.53721,
        population: 20045,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 2659310,
        name: "Zürich (Kreis 11) / Oerlikon",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.40823,
        longitude: 8.54258,
        population: 17922,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 2658656,
        name: "Zürich (Kreis 11) / Seebach",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.42181,
        longitude: 8.54779,
        population: 17851,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295484,
        name: "Zürich (Kreis 11) / Affoltern",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.41814,
        longitude: 8.5122,
        population: 17241,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 2660306,
        name: "Zürich (Kreis 10) / Höngg",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.40313,
        longitude: 8.4971,
        population: 17117,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295512,
        name: "Zürich (Kreis 9) / Albisrieden",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.37398,
        longitude: 8.49007,
        population: 16480,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295495,
        name: "Zürich (Kreis 2) / Wollishofen",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.3401,
        longitude: 8.53134,
        population: 16073,
        timezone: "Europe/Zurich"
      ),
      Location(
        id: 6295475,
        name: "Zürich (Kreis 10) / Wipkingen",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.39503,
        longitude: 8.52529,
        population: 15718,
        timezone: "Europe/Zurich"
      )
    ]
    $0.isSearching = false
  }
  await store.send(.locationTapped(index: 9)) {
    $0.pickedLocation = Location(
      id: 6295523,
      name: "Zürich (Kreis 12)",
      countryCode: "CH",
      countryName: "Switzerland",
      latitude: 47.40372,
      longitude: 8.57608,
      population: 28189,
      timezone: "Europe/Zurich"
    )
    $0.savedLocations.value = [
      Location(
        id: 6295523,
        name: "Zürich (Kreis 12)",
        countryCode: "CH",
        countryName: "Switzerland",
        latitude: 47.40372,
        longitude: 8.57608,
        population: 28189,
        timezone: "Europe/Zurich"
      )
    ]
  }
  await store.receive(.delegate(.didAddLocation(Location(id: 6295523, name: "Zürich (Kreis 12)", countryCode: "CH", countryName: "Switzerland", latitude: 47.40372, longitude: 8.57608, population: 28189, timezone: "Europe/Zurich"))))
  await store.send(.locationTapped(index: 0)) {
    $0.pickedLocation?.id = 2657896
    $0.pickedLocation?.name = "Zürich"
    $0.pickedLocation?.latitude = 47.36667
    $0.pickedLocation?.longitude = 8.55
    $0.pickedLocation?.population = 415367
    $0.savedLocations.value.append(Location(
      id: 2657896,
      name: "Zürich",
      countryCode: "CH",
      countryName: "Switzerland",
      latitude: 47.36667,
      longitude: 8.55,
      population: 415367,
      timezone: "Europe/Zurich"
    ))
  }
  await store.receive(.delegate(.didAddLocation(Location(id: 2657896, name: "Zürich", countryCode: "CH", countryName: "Switzerland", latitude: 47.36667, longitude: 8.55, population: 415367, timezone: "Europe/Zurich"))))
  await store.send(.queryChanged("")) {
    $0.query = ""
    $0.locations = []
  }
}
