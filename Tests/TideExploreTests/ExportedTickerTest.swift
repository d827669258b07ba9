// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the ticker feature in
// which the invariant "at most one timer runs" breaks.
// It fails until the feature is fixed.

import Foundation
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func tickerExploredFailure() async {
  let clock = ManualClock()
  let store = TestStore(
    initialState: Ticker.State(isRunning: false, ticks: 0),
    reducer: Ticker.startsTwice,
    environment: Ticker.Environment(clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Ticker.invariants)
  await store.send(.startTapped)
  await store.send(.startTapped)
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}

@MainActor
func tickerExploredFailureFixed() async {
  let clock = ManualClock()
  let store = TestStore(
    initialState: Ticker.State(isRunning: false, ticks: 0),
    reducer: Ticker.reducer,
    environment: Ticker.Environment(clock: clock)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Ticker.invariants)
  await store.send(.startTapped)
  await store.send(.startTapped)
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}
