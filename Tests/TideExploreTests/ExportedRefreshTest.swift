// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the refresh feature in
// which the invariant "the screen never goes back to an older refresh" breaks.
// It fails until the feature is fixed.

import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func refreshExploredFailure() async {
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Refresh.State(requested: 0, shown: nil),
    reducer: Refresh.showsStaleResponses,
    environment: Refresh.explorable(calls: calls)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Refresh.invariants)
  await store.send(.refreshTapped)
  await store.send(.refreshTapped)
  calls.resolveIfWaiting("fetch", number: 2, outcome: "success(2)")
  await store.skipReceivedActions()
  calls.resolveIfWaiting("fetch", number: 1, outcome: "success(1)")
  await store.skipReceivedActions()
}

@MainActor
func refreshExploredFailureFixed() async {
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Refresh.State(requested: 0, shown: nil),
    reducer: Refresh.reducer,
    environment: Refresh.explorable(calls: calls)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Refresh.invariants)
  await store.send(.refreshTapped)
  await store.send(.refreshTapped)
  calls.resolveIfWaiting("fetch", number: 2, outcome: "success(2)")
  await store.skipReceivedActions()
  calls.resolveIfWaiting("fetch", number: 1, outcome: "success(1)")
  await store.skipReceivedActions()
}
