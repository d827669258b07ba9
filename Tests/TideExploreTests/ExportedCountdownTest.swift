// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the countdown feature in
// which the invariant "the count is never negative" breaks.
// It fails until the feature is fixed.

import Foundation
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func countdownExploredFailure() async {
  let store = TestStore(
    initialState: Countdown.State(count: 0),
    reducer: Countdown.wraps,
    environment: ()
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Countdown.invariants)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.skipReceivedActions()
}

@MainActor
func countdownExploredFailureFixed() async {
  let store = TestStore(
    initialState: Countdown.State(count: 0),
    reducer: Countdown.reducer,
    environment: ()
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Countdown.invariants)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.send(.increment)
  await store.skipReceivedActions()
}
