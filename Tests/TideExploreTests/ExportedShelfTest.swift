// swift-format-ignore-file
// Exported by the explorer: the shortest schedule it found of the shelf feature in
// which the invariant "a failed delete puts back that very row" breaks.
// It fails until the feature is fixed.

import Foundation
import Testing
import Tide
import TideExplore
import TideTesting

@MainActor
func shelfExploredFailure() async {
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Shelf.State(items: [Shelf.Item(id: 1), Shelf.Item(id: 2), Shelf.Item(id: 3)], pending: [], deleted: []),
    reducer: Shelf.rollsBackTheWrongItem,
    environment: Shelf.explorable(calls: calls)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Shelf.invariants)
  await store.send(.deleteTapped(1))
  await store.send(.deleteTapped(2))
  calls.resolveIfWaiting("delete", number: 1, outcome: "failure(Shelf.ServerError())")
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}

@MainActor
func shelfExploredFailureFixed() async {
  let calls = ExploreCalls()
  let store = TestStore(
    initialState: Shelf.State(items: [Shelf.Item(id: 1), Shelf.Item(id: 2), Shelf.Item(id: 3)], pending: [], deleted: []),
    reducer: Shelf.reducer,
    environment: Shelf.explorable(calls: calls)
  )
  // The schedule's actions with the invariants checked at every step, not every state:
  // the test fails while the bug is there and passes once the feature is fixed.
  store.exhaustivity = .off
  store.checkInvariants(Shelf.invariants)
  await store.send(.deleteTapped(1))
  await store.send(.deleteTapped(2))
  calls.resolveIfWaiting("delete", number: 1, outcome: "failure(Shelf.ServerError())")
  await store.skipReceivedActions()
  // Effects were still running when the session was exported.
  await store.skipInFlightEffects()
}
