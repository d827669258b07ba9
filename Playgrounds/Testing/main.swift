// A tour of TideTesting: a TestStore asserting a feature step by step, on a clock the test moves,
// and what a failure looks like.
//
// Run it with `swift run TestingPlayground`. Outside a test framework, a TestStore prints its
// failures instead of failing a test, so this tour can show one. It checks itself with
// `precondition`.

import Tide
import TideTestSupport
import TideTesting

// The feature: TideTestSupport's `Search`, a search field that waits 300 ms for the user to stop
// typing (debounced on the injected clock), then searches. The tests of the runtime and the
// harness use the same feature.

// MARK: - The tour.

@MainActor
func tour() async {
  let clock = ManualClock()
  let store = TestStore(
    initialState: Search.State(),
    reducer: Search.reducer,
    environment: Search.Environment(
      search: { query in ["\(query)sels", "\(query)h"] },
      clock: clock
    )
  )

  print("1. Each step says how the state changes; the store checks it exactly.")
  await store.send(.queryChanged("Brus")) {
    $0.query = "Brus"
    $0.isSearching = true
  }

  print("2. The search waits 300 ms on the test clock: nothing arrives until the test moves it.")
  precondition(store.receivedActions.isEmpty)
  await clock.advance(by: .milliseconds(300))

  print("3. Actions that effects send back are asserted with receive.")
  await store.receive(.searchResponse(["Brussels", "Brush"])) {
    $0.isSearching = false
    $0.results = ["Brussels", "Brush"]
  }
  precondition(store.state.results == ["Brussels", "Brush"])

  print("4. A wrong expectation fails with a diff and the closure that would pass:\n")
  await store.send(.queryChanged("Paris")) {
    $0.query = "Pari"
    $0.isSearching = true
  }
  await store.skipInFlightEffects()
  print("Done: the testing tour checked itself.")
}

await tour()
