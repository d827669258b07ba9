import AddLocationFeature
import LoginFeature
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
  return rows
}
