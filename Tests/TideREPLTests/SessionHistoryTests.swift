import Testing
import Tide

@testable import TideREPL

/// A session's history keeps a few checkpoints and computes every other state again (issue 34,
/// §2): memory grows with the steps, not with steps × state, and the states it gives are the
/// ones the steps led to.
@MainActor
@Suite struct SessionHistoryTests {
  /// A history of a list that grows by one number a step; `drift` adds to what a reduction done
  /// again appends, as an impure reducer would.
  func makeHistory(steps: Int, drift: Int = 0) -> SessionHistory<[Int], Int> {
    var again = 0
    let history = SessionHistory<[Int], Int>(
      reduceAgain: { state, action, _ in
        again += 1
        state.append(action + drift)
      }, isEqual: { $0 == $1 })
    var state: [Int] = []
    history.noteStart(state)
    for step in 0..<steps {
      state.append(step)
      history.record(
        action: step, after: state, effect: .none, time: .zero, environment: "demo")
    }
    return history
  }

  @Test func aLongHistoryKeepsAFewStatesAndGivesEveryOneAgain() {
    let history = makeHistory(steps: 10_000)
    #expect(history.checkpointCount <= SessionHistory<[Int], Int>.checkpointLimit + 1)
    for index in [0, 1, 63, 64, 65, 4_999, 9_999, 10_000] {
      #expect(history.state(before: index) == Array(0..<index))
    }
    var seen = 0
    history.forEachStep(in: 9_990..<10_000) { entry, before, after in
      #expect(before == Array(0..<(9_990 + seen)))
      #expect(after == before + [entry.action])
      seen += 1
    }
    #expect(seen == 10)
    #expect(!history.takeReducedDifferently())
  }

  @Test func aReducerThatGivesAnotherStateAgainIsSaidOnceAndTheCheckpointsWin() {
    let history = makeHistory(steps: 1_000, drift: 1)
    // Reduced again from the checkpoint at 768 (they are 128 apart by now) through the one at
    // 896: the drift shows there, and the checkpoint's state goes on.
    #expect(!history.takeReducedDifferently())
    var last: [Int] = []
    history.forEachStep(in: 800..<900) { _, _, after in last = after }
    #expect(last.prefix(896) == ArraySlice(0..<896))
    #expect(last.suffix(4) == [897, 898, 899, 900])
    #expect(history.takeReducedDifferently())
    #expect(!history.takeReducedDifferently())
  }

  @Test func undoneStepsTakeTheirCheckpointsWithThem() {
    let history = makeHistory(steps: 1_000)
    history.cursor = 10
    history.record(
      action: -1, after: Array(0..<10) + [-1], effect: .none, time: .zero, environment: "demo")
    #expect(history.entries.count == 11)
    #expect(history.state(before: 11) == Array(0..<10) + [-1])
  }
}
