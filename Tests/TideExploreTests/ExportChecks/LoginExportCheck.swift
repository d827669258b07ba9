// swift-format-ignore-file
// Written by the explorer of the login feature from its export's expressions. As part
// of a test target it is compiled with every build, so an expression an exported test
// would not compile with fails the build here first. Rewrite it with
// TIDE_RECORD_EXPORTS=1 swift test when the explorer changes.

import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
@Test func loginExportCompiles() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Login.State(),
    reducer: Login.reducer,
    environment: Login.Environment.explorable(calls: calls, clock: clock)
  )
  // The invariants, checked in the initial state.
  store.exhaustivity = .off
  store.checkInvariants(Login.invariants)
  await store.skipReceivedActions()
}
