// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the login feature in
// which the invariant "a response is for the credentials in the form" breaks.
// It fails until the feature is fixed.

import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func editedLoginExploredFailure() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Login.State(),
    reducer: PlantedBugs.loginWithoutCancelOnEdit,
    environment: Login.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Login.invariants)
  await store.send(.usernameChanged("ab"))
  await store.send(.passwordChanged("Abc1"))
  await store.send(.loginButtonTapped)
  await store.send(.usernameChanged("a"))
  calls.resolveIfWaiting("login", number: 1, outcome: "success(User(name: \"ab\", userName: \"ab\", email: \"ab@example.com\", address: \"\", designation: \"\"))")
  await store.skipReceivedActions()
}

@MainActor
func editedLoginExploredFailureFixed() async {
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
  await store.send(.usernameChanged("a"))
  calls.resolveIfWaiting("login", number: 1, outcome: "success(User(name: \"ab\", userName: \"ab\", email: \"ab@example.com\", address: \"\", designation: \"\"))")
  await store.skipReceivedActions()
}
