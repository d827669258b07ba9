// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the login feature in
// which the invariant "isLoading is off once a response has arrived" breaks.
// It fails until the feature is fixed.

import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func loginExploredFailure() async {
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Login.State(username: "", password: "", isLoading: false, user: nil, alert: nil),
    reducer: PlantedBugs.loginStuckLoadingOnNilData,
    environment: Login.Environment.explorable(calls: calls)
  )
  await store.send(.usernameChanged("ab")) { $0.username = "ab" }
  await store.send(.passwordChanged("Abc1")) { $0.password = "Abc1" }
  await store.send(.loginButtonTapped) { $0.isLoading = true }
  calls.resolve("login", number: 1, outcome: "failure(.nilData)")
  let before = store.state
  await store.receive(.loginResponse(.failure(.nilData))) { $0.alert = Login.Alert(title: "Error", message: "The server sent no data.") }
  expectInvariants(Login.invariants, before: before, action: .loginResponse(.failure(.nilData)), after: store.state)
}
