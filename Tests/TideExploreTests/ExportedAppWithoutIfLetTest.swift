// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the app feature in
// which the invariant "no search runs once the search is dismissed" breaks.
// It fails until the feature is fixed.

import AddLocationFeature
import AppFeature
import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func appWithoutIfLetExploredFailure() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: App.State(),
    reducer: AppExplorationTests.appWithoutIfLet,
    environment: App.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(App.invariants)
  await store.send(.login(.usernameChanged("ab")))
  await store.send(.login(.passwordChanged("Abc1")))
  await store.send(.login(.loginButtonTapped))
  calls.resolveIfWaiting("login", number: 1, outcome: "success(User(name: \"ab\", userName: \"ab\", email: \"ab@example.com\", address: \"\", designation: \"\"))")
  await store.skipReceivedActions()
  await store.send(.searchTapped)
  await store.send(.addLocation(.presented(.queryChanged("Br"))))
  await store.send(.addLocation(.dismiss))
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}

@MainActor
func appWithoutIfLetExploredFailureFixed() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: App.State(),
    reducer: App.reducer,
    environment: App.Environment.explorable(calls: calls, clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(App.invariants)
  await store.send(.login(.usernameChanged("ab")))
  await store.send(.login(.passwordChanged("Abc1")))
  await store.send(.login(.loginButtonTapped))
  calls.resolveIfWaiting("login", number: 1, outcome: "success(User(name: \"ab\", userName: \"ab\", email: \"ab@example.com\", address: \"\", designation: \"\"))")
  await store.skipReceivedActions()
  await store.send(.searchTapped)
  await store.send(.addLocation(.presented(.queryChanged("Br"))))
  await store.send(.addLocation(.dismiss))
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}
