// swift-format-ignore-file
// Exported by the REPL (:export-test) from a session of the login feature,
// environment demo. Every step asserts its exact state change.
// It holds the values typed in the session, passwords included, so the REPL creates it
// readable by you only; keep it private.

import LoginFeature
import Testing
import Tide
import TideTesting

@MainActor
@Test func exportedLoginSessionTests() async {
  let clock = ManualClock()
  let store = TestStore(
    initialState: Login.State(),
    reducer: Login.reducer,
    environment: Login.Environment.demo(clock: clock)
  )
  await store.send(.usernameChanged("p")) { $0.username = "p" }
  await store.send(.passwordChanged("Secret1")) { $0.password = "Secret1" }
  await store.send(.loginButtonTapped) { $0.alert = Login.Alert(title: "Error", message: "Username must be 2 to 10 characters long.") }
  await store.send(.alertDismissed) { $0.alert = nil }
  await store.send(.usernameChanged("pritesh")) { $0.username = "pritesh" }
  await store.send(.loginButtonTapped) { $0.isLoading = true }
  await clock.advance(by: .milliseconds(300))
  await store.send(.loginButtonTapped)
  await clock.advance(by: .milliseconds(500))
  await store.receive(.loginResponse(.success(User(name: "Pritesh", userName: "pritesh", email: "pritesh@example.com", address: "Pune, India", designation: "iOS Developer")))) {
    $0.isLoading = false
    $0.user = User(
      name: "Pritesh",
      userName: "pritesh",
      email: "pritesh@example.com",
      address: "Pune, India",
      designation: "iOS Developer"
    )
    $0.alert = Login.Alert(title: "Success", message: "Hello Pritesh")
  }
}
