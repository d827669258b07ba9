// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the add location feature in
// which the invariant "the listed results belong to the current query once a search ends" breaks.
// It fails until the feature is fixed.

import AddLocationFeature
import FeatureTools
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func staleSearchExploredFailure() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: AddLocation.State(),
    reducer: PlantedBugs.searchWithoutCancellation,
    environment: AddLocation.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(AddLocation.invariants)
  await store.send(.queryChanged("Br"))
  await store.send(.queryChanged("Bru"))
  calls.resolveIfWaiting("geocode", number: 1, outcome: "success([Location(id: 0, name: \"Br City\", countryCode: \"\", countryName: \"\", latitude: 0.0, longitude: 0.0, population: 0, timezone: \"\")])")
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}

@MainActor
func staleSearchExploredFailureFixed() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: AddLocation.State(),
    reducer: AddLocation.reducer,
    environment: AddLocation.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(AddLocation.invariants)
  await store.send(.queryChanged("Br"))
  await store.send(.queryChanged("Bru"))
  calls.resolveIfWaiting("geocode", number: 1, outcome: "success([Location(id: 0, name: \"Br City\", countryCode: \"\", countryName: \"\", latitude: 0.0, longitude: 0.0, population: 0, timezone: \"\")])")
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}
