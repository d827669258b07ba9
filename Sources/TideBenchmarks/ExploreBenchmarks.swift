import AddLocationFeature
import FeatureTools
import Foundation
import LoginFeature
import Tide
import TideExplore

/// The explorer on Login: random mode's steps per second against a TestStore step measured in
/// the same run, and exhaustive mode's states per second with the size of the state space.
@MainActor
func exploreBenchmarks() async -> [BenchmarkRow] {
  var rows: [BenchmarkRow] = []
  let explorer = Login.explorer()
  var steps = 0
  let clock = ContinuousClock()
  let randomTime = await measure(operations: 1, rounds: 3) {
    let report = await explorer.random(seed: 1, runs: 2_000, steps: 12)
    steps = report.steps
  }
  let perStep = randomTime / Double(steps)
  rows.append(
    BenchmarkRow(
      group: "explore", name: "random mode step (Login, 2,000 runs of 12 steps)",
      nanoseconds: perStep, baseline: "exhaustive TestStore step (10,000-step test)",
      target: .rate(atLeast: 100_000, "≥ 100,000 steps/s"),
      note: "\(Int(1e9 / perStep)) steps/s; a step includes its share of settling and shrinking"))
  // A debounced search: steps that cancel effects and move the clock.
  let search = AddLocation.explorer()
  var searchSteps = 0
  let searchTime = await measure(operations: 1, rounds: 3) {
    let report = await search.random(seed: 1, runs: 1_000, steps: 12)
    searchSteps = report.steps
  }
  let perSearchStep = searchTime / Double(max(searchSteps, 1))
  rows.append(
    BenchmarkRow(
      group: "explore", name: "random mode step (AddLocation, 1,000 runs of 12 steps)",
      nanoseconds: perSearchStep, baseline: "exhaustive TestStore step (10,000-step test)",
      target: .rate(atLeast: 100_000, "≥ 100,000 steps/s"),
      note: "\(Int(1e9 / perSearchStep)) steps/s; a debounced search, its effects cancelled"))
  let start = clock.now
  let report = await explorer.exhaustive(depth: 8)
  let elapsed = nanoseconds(start.duration(to: clock.now))
  let seen = report.states?.seen ?? 0
  let distinct = report.states?.distinct ?? 0
  rows.append(
    BenchmarkRow(
      group: "explore", name: "exhaustive mode, Login to depth 8",
      nanoseconds: elapsed / Double(max(seen, 1)),
      note:
        "\(seen) states seen, \(distinct) distinct, \(Int(Double(seen) * 1e9 / elapsed)) states/s"))
  rows += await pureExhaustiveRows()
  return rows
}

/// A feature with no effects: a grid walker whose position is bounded, so exhaustive mode sees
/// many states, each reached by many schedules.
struct Walker: Equatable, Hashable {
  var x = 0
  var y = 0
  var moves = 0
}

enum Move: Equatable, Sendable { case left, right, up, down }

@MainActor
func pureExhaustiveRows() async -> [BenchmarkRow] {
  var rows: [BenchmarkRow] = []
  let walker = Explorer(
    initialState: Walker(),
    reducer: Reducer<Walker, Move, Void> { state, move, _ in
      switch move {
      case .left: state.x = max(state.x - 1, -20)
      case .right: state.x = min(state.x + 1, 20)
      case .up: state.y = max(state.y - 1, -20)
      case .down: state.y = min(state.y + 1, 20)
      }
      state.moves = min(state.moves + 1, 3)
      return .none
    }, environment: { _, _ in }, actions: { _ in [.left, .right, .up, .down] },
    invariants: [.always("the walker stays on the grid") { abs($0.x) <= 20 && abs($0.y) <= 20 }])
  var seen = 0
  var distinct = 0
  let perState = await measure(operations: 1, rounds: 5) {
    let report = await walker.exhaustive(depth: 24)
    seen = report.states?.seen ?? 0
    distinct = report.states?.distinct ?? 0
  }
  let nanoseconds = perState / Double(max(seen, 1))
  rows.append(
    BenchmarkRow(
      group: "explore", name: "exhaustive mode, a feature without effects to depth 24",
      nanoseconds: nanoseconds, target: .rate(atLeast: 50_000, "≥ 50,000 states/s"),
      note:
        "\(seen) states seen, \(distinct) distinct, \(Int(1e9 / nanoseconds)) states/s "
        + "(states seen, as the target counts them; \(Int(1e9 / nanoseconds * Double(distinct) / Double(max(seen, 1)))) distinct a second)"
    ))
  rows.append(await memoryPerStateRow(walker))
  return rows
}

/// The memory exhaustive mode holds per distinct configuration, at its peak: the configurations
/// seen, and the schedules still to expand. Sampled from the resident size at each progress
/// report (ten a second), against the size before the search.
@MainActor
func memoryPerStateRow(_ walker: Explorer<Walker, Move, Void>) async -> BenchmarkRow {
  let before = residentBytes()
  var peak = before
  let start = ContinuousClock.now
  let report = await walker.exhaustive(depth: 64, maxStates: 1_000_000) { _ in
    peak = max(peak, residentBytes())
  }
  let elapsed = ContinuousClock.now - start
  let distinct = report.states?.distinct ?? 0
  let seen = report.states?.seen ?? 0
  let perState = Double(peak - before) / Double(max(distinct, 1))
  return BenchmarkRow(
    group: "explore", name: "exhaustive mode, memory per distinct configuration (depth 64)",
    nanoseconds: nanoseconds(elapsed) / Double(max(seen, 1)),
    note:
      "\(distinct) distinct of \(seen) seen; peak resident size \(peak - before) bytes above the start, "
      + "\(Int(perState)) bytes per distinct configuration")
}

/// The process's resident size in bytes, from `/proc/self/statm` (0 where there is none).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * 4096
}
