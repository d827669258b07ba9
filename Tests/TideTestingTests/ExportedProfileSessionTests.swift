// swift-format-ignore-file
// Exported by the REPL (:export-test) from a session of the profile feature,
// environment none. Every step asserts its exact state change.
// It holds the values typed in the session, passwords included, so the REPL creates it
// readable by you only; keep it private.

import Testing
import Tide
import TideTestSupport
import TideTesting

@MainActor
@Test func exportedProfileSessionTests() async {
  let store = TestStore(
    initialState: ProfileForm.State(),
    reducer: ProfileForm.reducer,
    environment: ()
  )
  await store.send(.binding(.set(\.name, "A"))) { $0.name = "A" }
  await store.send(.saveTapped)
  await store.send(.binding(.set(\.name, "Ada"))) {
    $0.name = "Ada"
    $0.canSave = true
  }
  await store.send(.binding(.set(\.age, 36))) { $0.age = 36 }
  await store.send(.saveTapped) { $0.savedName = "Ada" }
}
