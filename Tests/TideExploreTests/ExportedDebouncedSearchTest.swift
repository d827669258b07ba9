// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the add location feature in
// which the invariant "an empty query lists nothing and searches nothing" breaks.
// It fails until the feature is fixed.

import AddLocationFeature
import FeatureTools
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func debouncedSearchExploredFailure() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: AddLocation.State(),
    reducer: PlantedBugs.debouncedSearchClearedWithTheWrongID,
    environment: AddLocation.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(AddLocation.invariants)
  await store.send(.queryChanged("Br"))
  await store.send(.queryChanged(""))
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}

@MainActor
func debouncedSearchExploredFailureFixed() async {
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
  await store.send(.queryChanged(""))
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}
