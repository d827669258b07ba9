// swift-format-ignore-file
import Testing
import Tide

// The feature on the first screen of README.md, verbatim (.ci/run checks that they match).

enum Counter {
  struct State: Equatable { var count = 0, fact: String? }
  enum Action: Sendable { case incrementTapped, factTapped, factResponse(String) }
  struct Environment { var fact: @Sendable (Int) async throws -> String }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .incrementTapped: state.count += 1; return .none
    case .factTapped:
      return .run(name: "fact") { [count = state.count] send in
        await send(.factResponse(try await environment.fact(count)))
      }
    case .factResponse(let fact): state.fact = fact; return .none
    }
  }
}

@MainActor
@Suite struct ReadmeTests {
  @Test func theReadmeFeatureRunsAsTheReadmeSays() async {
    let store = Store(
      initialState: Counter.State(),
      reducer: Counter.reducer,
      environment: Counter.Environment(fact: { "\($0) is a good number." })
    )
    var counts: [Int] = []
    store.observe(\.count) { counts.append($0) }
    store.send(.incrementTapped)
    await store.send(.factTapped).finish()
    #expect(counts == [0, 1])
    #expect(store.state.fact == "1 is a good number.")
  }
}
