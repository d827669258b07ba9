import Synchronization
import Testing
import Tide
import TideExplore
import TideTesting

/// Exhaustive mode starts a configuration's children from its state only where that is sound:
/// an environment that holds nothing, a configuration at rest. A feature whose environment keeps
/// something between steps is replayed from the start, and a failure that does not come back on
/// a replay is reported as such, not as a crash.
@MainActor
@Suite struct ExhaustiveRestartTests {
  struct Tags: Equatable {
    var ids: [Int] = []
  }

  /// Hands out 0, 1, 2… : an environment that keeps something from one step to the next.
  final class Numbers: Sendable {
    private let next = Mutex(0)
    func take() -> Int {
      next.withLock { next in
        defer { next += 1 }
        return next
      }
    }
  }

  static let tagging = Reducer<Tags, String, Numbers> { state, _, numbers in
    state.ids.append(numbers.take())
    return .none
  }

  @Test func anEnvironmentThatKeepsCountIsReplayedFromTheStart() async {
    let explorer = Explorer(
      initialState: Tags(), reducer: Self.tagging, environment: { _, _ in Numbers() },
      actions: { _ in ["tag", "label"] },
      invariants: [.always("ids are handed out in order") { $0.ids == Array($0.ids.indices) }])
    // Restarting a child from its parent's state with a fresh Numbers would hand out 0 again.
    await explorer.exhaustive(depth: 5).expectNoFailure()
  }

  struct Grid: Equatable, Hashable {
    var x = 0
  }

  @Test func aFeatureWithoutEnvironmentStillReportsTheWholeShortestSchedule() async {
    let explorer = Explorer(
      initialState: Grid(),
      reducer: Reducer<Grid, Int, Void> { state, step, _ in
        state.x += step
        return .none
      }, environment: { _, _ in }, actions: { _ in [1, -1] },
      invariants: [.always("x stays under 4") { $0.x < 4 }])
    let report = await explorer.exhaustive(depth: 6)
    #expect(report.failure?.schedule == [.send(1), .send(1), .send(1), .send(1)])
    #expect(report.failure?.foundLength == 4)
  }

  nonisolated(unsafe) static var reductions = 0

  @Test func aFailureThatDoesNotComeBackIsReportedNotCrashedOn() async {
    Self.reductions = 0
    let explorer = Explorer(
      initialState: Grid(),
      reducer: Reducer<Grid, Int, Void> { state, step, _ in
        // Reads a global: only the third reduction of the whole search fails.
        ExhaustiveRestartTests.reductions += 1
        state.x = ExhaustiveRestartTests.reductions == 3 ? 99 : 0
        return .none
      }, environment: { _, _ in }, actions: { _ in [1] },
      invariants: [.always("x is never 99") { $0.x != 99 }])
    let report = await explorer.random(seed: 1, runs: 5, steps: 2)
    #expect(report.failure?.isDeterministic == false)
    #expect(
      report.failure?.message
        == """
        An invariant does not hold: x is never 99.

          Found by random exploration, seed 1 (run 1); it did not fail again when its step was replayed.

          1. send 1

          Warning: the feature is not deterministic. Something the reducer or an effect reads is not in its environment (UUID(), Date(), a global), or its environment keeps something from one run to the next; the report and its test cannot reproduce this.
        """)
  }
}
