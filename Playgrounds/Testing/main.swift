// A tour of TideTesting: a TestStore asserting a feature step by step, on a clock the test moves,
// and what a failure looks like.
//
// Run it with `swift run TestingPlayground`. Outside a test framework, a TestStore prints its
// failures instead of failing a test, so this tour can show one. It checks itself with
// `precondition`.

import Tide
import TideTesting

// MARK: - A feature: a search field that waits for the user to stop typing.

enum Search {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var isSearching = false
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchResponse([String])
  }

  struct Environment {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
  }

  enum CancelID { case search }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .queryChanged(let query):
      state.query = query
      state.isSearching = true
      return .run(name: "search") { send in
        await send(.searchResponse(try await environment.search(query)))
      }
      .debounce(id: CancelID.search, for: .milliseconds(300), clock: environment.clock)
    case .searchResponse(let results):
      state.isSearching = false
      state.results = results
      return .none
    }
  }
}

// MARK: - The tour.

@MainActor
func tour() async {
  let clock = TestClock()
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
  }
  await store.skipInFlightEffects()
  print("Done: the testing tour checked itself.")
}

await tour()
