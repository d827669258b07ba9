// swift-format-ignore-file
import Testing
import Tide

@testable import TideTesting

// The feature on the first screen of README.md, verbatim (.ci/run checks that they match).

enum Counter {
  struct State: Equatable { var count = 0, fact: String? }
  enum Action: Equatable, Sendable { case incrementTapped, factTapped, factResponse(String) }
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

// The README's "Test it step by step" section.
@MainActor @Test func factArrives() async {
  let store = TestStore(
    initialState: Counter.State(),
    reducer: Counter.reducer,
    environment: Counter.Environment(fact: { "\($0) is a good number." })
  )
  await store.send(.incrementTapped) { $0.count = 1 }
  await store.send(.factTapped)
  await store.receive(.factResponse("1 is a good number.")) {
    $0.fact = "1 is a good number."
  }
}

@MainActor @Test func theReadmeFailureTextIsWhatTheHarnessPrints() async {
  final class Messages: Sendable {
    let all = Lock<[String]>([])
  }
  let messages = Messages()
  let collect: @Sendable (TestFailure.Report) -> Void = { report in
    messages.all.withLock { $0.append(report.message) }
  }
  await TestFailure.$collector.withValue(TestFailure.Collector(collect)) {
    let store = TestStore(
      initialState: Counter.State(count: 1),
      reducer: Counter.reducer,
      environment: Counter.Environment(fact: { "\($0)" })
    )
    await store.send(.incrementTapped) { $0.count = 3 }
  }
  #expect(
    messages.all.withLock { $0 } == [
      """
      A state change does not match expectation.

            Counter.State(
          −   count: 3,
          +   count: 2,
              fact: nil
            )

      (Expected: −, Actual: +)

      Expected closure: { $0.count = 2 }
      """
    ])
}
