// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the login feature in
// which the invariant "isLoading is off once a response has arrived" breaks.
// It fails until the feature is fixed.

import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func loadingExploredFailure() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Login.State(),
    reducer: PlantedBugs.loginStuckLoadingOnNilData,
    environment: Login.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Login.invariants)
  await store.send(.usernameChanged("ab"))
  await store.send(.passwordChanged("Abc1"))
  await store.send(.loginButtonTapped)
  calls.resolveIfWaiting("login", number: 1, outcome: "failure(.nilData)")
  await store.skipReceivedActions()
}

@MainActor
func loadingExploredFailureFixed() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Login.State(),
    reducer: Login.reducer,
    environment: Login.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Login.invariants)
  await store.send(.usernameChanged("ab"))
  await store.send(.passwordChanged("Abc1"))
  await store.send(.loginButtonTapped)
  calls.resolveIfWaiting("login", number: 1, outcome: "failure(.nilData)")
  await store.skipReceivedActions()
}
