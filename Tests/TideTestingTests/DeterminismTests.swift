import Testing
import Tide
import TideInspect
import TideTestSupport

@testable import TideTesting

/// The same test, with merged, concatenated, debounced and cancelled effects, run a thousand times
/// in a loop: the transcript of every step must be identical every time.
@MainActor
@Suite struct DeterminismTests {
  /// Drives one full scenario and returns what happened, step by step.
  func runScenario() async -> [String] {
    let clock = ManualClock()
    var transcript: [String] = []
    let reports = ValueLog<String>()
    let collect: @Sendable (TestFailure.Report) -> Void = { reports.append($0.message) }
    await TestFailure.$collector.withValue(TestFailure.Collector(collect)) {
      let store = TestStore(
        initialState: Search.State(), reducer: Search.reducer, environment: .test(clock: clock))
      await store.send(.queryChanged("B")) {
        $0.query = "B"
        $0.isSearching = true
      }
      await clock.advance(by: .milliseconds(100))
      await store.send(.queryChanged("Br")) { $0.query = "Br" }
      await store.send(.refreshTapped)
      await store.receive(.refreshed(2)) { $0.log = ["refreshed 2"] }
      await clock.advance(by: .milliseconds(300))
      await store.receive(.searchResponse(["Br 1", "Br 2"])) {
        $0.isSearching = false
        $0.results = ["Br 1", "Br 2"]
      }
      await store.send(.queryChanged("Bru")) {
        $0.query = "Bru"
        $0.isSearching = true
      }
      await store.send(.cancelTapped) { $0.isSearching = false }
      await clock.advance(by: .seconds(1))
      await store.receive(.refreshed(1)) { $0.log.append("refreshed 1") }
      await store.send(.pingTapped)
      await store.receive(.pong) { $0.log.append("pong") }
      await clock.advance(by: .seconds(1))
      await store.receive(.refreshed(3)) { $0.log.append("refreshed 3") }
      transcript.append(Inspector().line(store.state))
      transcript.append("running: \(store.runningEffects)")
      transcript.append("clock: \(clock.now)")
      await store.finish()
    }
    return transcript + reports.all
  }

  @Test func aThousandRunsGiveTheSameTranscript() async {
    let first = await runScenario()
    #expect(
      first == [
        #"Search.State(query: "Bru", results: ["Br 1", "Br 2"], isSearching: false, log: ["refreshed 2", "refreshed 1", "pong", "refreshed 3"], token: "••••••")"#,
        "running: []",
        "clock: 2.4 seconds",
      ])
    for run in 2...1000 {
      let transcript = await runScenario()
      if transcript != first {
        Issue.record("Run \(run) differed:\n\(transcript.joined(separator: "\n"))")
        return
      }
    }
  }
}
