// swift-format-ignore-file
// Written by the explorer of the app feature from its export's expressions. As part
// of a test target it is compiled with every build, so an expression an exported test
// would not compile with fails the build here first. Rewrite it with
// TIDE_RECORD_EXPORTS=1 swift test when the explorer changes.

import AddLocationFeature
import AppFeature
import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
@Test func appExportCompiles() async {
  let clock = ManualClock()
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: App.State(),
    reducer: App.reducer,
    environment: App.Environment.explorable(calls: calls, clock: clock)
  )
  // The invariants, checked in the initial state.
  store.exhaustivity = .off
  store.checkInvariants(App.invariants)
  await store.skipReceivedActions()
}
