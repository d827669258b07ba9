import Foundation
import Tide

extension StressScenarios {
  enum Tick: Sendable {
    case start(senders: Int)
    case tick
    case stop
  }

  struct TickState {
    var before = 0
    var after = 0
  }

  /// Effects on the global executor send as fast as they can while the main actor cancels them
  /// at a random moment, by `.cancel(id:)` or through the `StoreTask`: no action they sent may be
  /// reduced once the cancellation has been.
  ///
  /// - Parameters:
  ///   - trials: How many stores to try.
  ///   - seed: Picks the moment and the way of each cancellation.
  static func cancellationIsFinal(trials: Int, seed: UInt64) async -> StressReport {
    var report = StressReport(name: "cancellation is final", size: "\(trials) trials, seed \(seed)")
    var random = SeededRandom(seed: seed)
    var before = 0
    var after = 0
    report.seconds = await elapsedSeconds {
      for _ in 0..<trials {
        let stopped = Lock(false)
        let reducer = Reducer<TickState, Tick, Void> { state, action, _ in
          switch action {
          case .start(let senders):
            let effects = (0..<senders).map { _ in
              Effect<Tick>.run { send in
                for _ in 0..<200 { await send(.tick) }
              }
            }
            return .merge(effects).cancellable(id: "ticks")
          case .tick:
            if stopped.withLock({ $0 }) { state.after += 1 } else { state.before += 1 }
            return .none
          case .stop:
            return .cancel(id: "ticks")
          }
        }
        let store = Store(initialState: TickState(), reducer: reducer, environment: ())
        let task = store.send(.start(senders: 4))
        for _ in 0..<Int.random(in: 0..<60, using: &random) { await Task.yield() }
        stopped.withLock { $0 = true }
        if Bool.random(using: &random) { store.send(.stop) } else { task.cancel() }
        await task.finish()
        // Let whatever was already on its way to the main actor arrive.
        for _ in 0..<20 { await Task.yield() }
        before += store.state.before
        after += store.state.after
      }
    }
    report.details = [
      "actions reduced before the cancellation: \(before)",
      "actions reduced after it: \(after)",
    ]
    if after > 0 {
      report.violations.append("\(after) actions from cancelled effects were reduced")
    }
    return report
  }

  /// Effects asleep on a clock under 100 identifiers, all cancelled by one step.
  ///
  /// - Parameters:
  ///   - effects: How many effects.
  ///   - ids: How many identifiers they share.
  static func cancelByID(effects: Int, ids: Int) async -> StressReport {
    var report = StressReport(name: "cancel by id", size: "\(effects) effects over \(ids) ids")
    let clock = ManualClock()
    let reducer = Reducer<Int, Int, Void> { _, action, _ in
      if action == 0 {
        return .merge(
          (0..<effects).map { index in
            Effect<Int>.run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
              .cancellable(id: index % ids)
          })
      }
      return .merge((0..<ids).map { Effect<Int>.cancel(id: $0) })
    }
    let store = Store(initialState: 0, reducer: reducer, environment: (), drivenBy: clock)
    store.send(0)
    await clock.runReadyWork()
    let running = store.runningEffects.count
    report.seconds = await elapsedSeconds { store.send(1) }
    await clock.runReadyWork()
    report.details = [
      "running before: \(running), after: \(store.runningEffects.count)",
      "sleepers left: \(clock.sleeperCount)",
      String(format: "cancelling took %.1f ms (target < 50 ms in release)", report.seconds * 1000),
    ]
    if running != effects { report.violations.append("only \(running) effects started") }
    if !store.runningEffects.isEmpty || clock.sleeperCount != 0 {
      report.violations.append(
        "\(store.runningEffects.count) effects and \(clock.sleeperCount) sleepers outlived the cancellation"
      )
    }
    return report
  }
}
