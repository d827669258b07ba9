import Tide

extension StressScenarios {
  /// Effects asleep on one clock for random durations, woken by one advance: every one wakes,
  /// in deadline order (ties in the order they went to sleep).
  ///
  /// - Parameters:
  ///   - count: How many sleepers.
  ///   - seed: Picks their durations.
  static func manySleepers(count: Int, seed: UInt64) async -> StressReport {
    var report = StressReport(name: "many sleepers", size: "\(count) sleepers, seed \(seed)")
    var random = SeededRandom(seed: seed)
    let delays = (0..<count).map { _ in Int.random(in: 1...1000, using: &random) }
    let clock = ManualClock()
    let reducer = Reducer<[Int], Int, Void> { woken, action, _ in
      guard action < 0 else {
        woken.append(action)
        return .none
      }
      return .merge(
        delays.enumerated().map { index, delay in
          Effect<Int>.run { send in
            try await clock.sleep(for: .milliseconds(delay))
            await send(index)
          }
        })
    }
    let store = Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
    store.send(-1)
    await clock.runReadyWork()
    let asleep = clock.sleeperCount
    report.seconds = await elapsedSeconds { await clock.advance(by: .seconds(2)) }
    let woken = store.state
    let expected = delays.indices.sorted { (delays[$0], $0) < (delays[$1], $1) }
    report.details = ["asleep: \(asleep), woken: \(woken.count)"]
    if asleep != count { report.violations.append("\(asleep) of \(count) went to sleep") }
    if woken != expected {
      let first =
        zip(woken, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(woken.count, expected.count)
      report.violations.append(
        "woke \(woken.count) of \(count); first out of order at position \(first)")
    }
    return report
  }

  /// Tasks go to sleep on a clock from other threads while the main actor advances it: none is
  /// stranded past its deadline. One that registers after its deadline has passed wakes at the
  /// next advance, so the race ends with zero-length advances until every sleeper has woken.
  ///
  /// - Parameters:
  ///   - trials: How many rounds.
  ///   - seed: Picks how far each advance goes.
  static func sleepAndAdvanceRace(trials: Int, seed: UInt64) async -> StressReport {
    var report = StressReport(
      name: "sleep and advance race", size: "\(trials) trials × 20 sleepers, seed \(seed)")
    var random = SeededRandom(seed: seed)
    var stranded = 0
    report.seconds = await elapsedSeconds {
      for _ in 0..<trials {
        let clock = ManualClock()
        let woken = Lock(0)
        let deadline = ManualClock.Instant(offset: .milliseconds(500))
        for _ in 0..<20 {
          Task.detached {
            try? await clock.sleep(until: deadline)
            woken.withLock { $0 += 1 }
          }
        }
        for _ in 0..<Int.random(in: 1...10, using: &random) {
          await clock.advance(by: .milliseconds(Int.random(in: 0...100, using: &random)))
        }
        await clock.advance(to: ManualClock.Instant(offset: .seconds(1)))
        // Sleepers that registered after the last advance saw their deadline passed and wait
        // for the next one; the others were woken. Advance by zero, within a bound, until all
        // of them say so.
        let real = ContinuousClock()
        let limit = real.now.advanced(by: .seconds(5))
        while woken.withLock({ $0 }) < 20 && real.now < limit {
          try? await Task.sleep(for: .milliseconds(1))
          await clock.advance()
        }
        stranded += 20 - woken.withLock { $0 }
      }
    }
    report.details = ["stranded sleepers: \(stranded)"]
    if stranded > 0 { report.violations.append("\(stranded) sleepers were never woken") }
    return report
  }

  /// Advances too large for the clock's range saturate rather than trap.
  static func hugeAdvances() async -> StressReport {
    var report = StressReport(name: "huge advances", size: "8 advances by Int64.max seconds")
    let clock = ManualClock()
    report.seconds = await elapsedSeconds {
      for _ in 0..<8 { await clock.advance(by: .seconds(Int64.max)) }
    }
    report.details = ["now: \(clock.now)"]
    if clock.now != .distantFuture {
      report.violations.append("the clock stopped at \(clock.now), not at the end of time")
    }
    return report
  }
}
