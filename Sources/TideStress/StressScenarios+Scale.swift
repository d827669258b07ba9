import Tide
import TideTesting

extension StressScenarios {
  /// A chain of `.send` effects, each sending the next: no recursion, nothing lost.
  ///
  /// - Parameter count: How long the chain is.
  static func chainedSends(count: Int) -> StressReport {
    var report = StressReport(name: "chained sends", size: "\(count) sends")
    let reducer = Reducer<Int, Int, Void> { reduced, remaining, _ in
      reduced += 1
      return remaining > 0 ? .send(remaining - 1) : .none
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    let clock = ContinuousClock()
    let start = clock.now
    store.send(count)
    report.seconds = (clock.now - start).seconds
    report.details = ["reduced: \(store.state)"]
    if store.state != count + 1 {
      report.violations.append("reduced \(store.state) actions, expected \(count + 1)")
    }
    return report
  }

  /// One step merges thousands of effects that each send one action back.
  ///
  /// - Parameter count: How many effects.
  static func mergedEffects(count: Int) async -> StressReport {
    var report = StressReport(name: "merged effects", size: "\(count) effects")
    let reducer = Reducer<Int, Bool, Void> { done, start, _ in
      guard start else {
        done += 1
        return .none
      }
      return .merge((0..<count).map { _ in Effect<Bool>.run { send in await send(false) } })
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    report.seconds = await elapsedSeconds { await store.send(true).finish() }
    report.details = ["actions back: \(store.state)"]
    if store.state != count { report.violations.append("\(store.state) of \(count) came back") }
    return report
  }

  /// Many tasks send to one store at once from the global executor.
  ///
  /// - Parameters:
  ///   - tasks: How many tasks.
  ///   - sendsPerTask: How many sends each makes.
  static func sendsFromManyTasks(tasks: Int, sendsPerTask: Int) async -> StressReport {
    var report = StressReport(
      name: "sends from many tasks", size: "\(tasks) tasks × \(sendsPerTask) sends")
    let reducer = Reducer<Int, Int, Void> { count, delta, _ in
      count += delta
      return .none
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    report.seconds = await elapsedSeconds {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<tasks {
          group.addTask {
            for _ in 0..<sendsPerTask { await store.send(1) }
          }
        }
      }
    }
    report.details = ["reduced: \(store.state)"]
    if store.state != tasks * sendsPerTask {
      report.violations.append("reduced \(store.state) of \(tasks * sendsPerTask)")
    }
    return report
  }

  /// Stores and test stores released while their effects sleep: what the effects captured is
  /// freed.
  ///
  /// - Parameter count: How many of each.
  static func releasedStoresFreeTheirEffects(count: Int) async -> StressReport {
    var report = StressReport(
      name: "released stores free their effects", size: "\(count) stores, \(count) test stores")
    let canaries = Lock<[WeakCanary]>([])
    report.seconds = await elapsedSeconds {
      for _ in 0..<count {
        let store = Store(
          initialState: 0,
          reducer: Reducer<Int, Int, Void> { _, _, _ in
            canaryEffect(canaries) { try await Task.sleep(for: .seconds(3600)) }
          },
          environment: ())
        store.send(1)
        await TestFailure.collecting({ _ in }) {
          // Made and released inside the collector, which takes its report of the effect it
          // leaves running.
          let clock = ManualClock()
          let testStore = TestStore(
            initialState: 0,
            reducer: Reducer<Int, Int, Void> { _, _, _ in
              canaryEffect(canaries) { try await clock.sleep(for: .seconds(3600)) }
            },
            environment: ())
          testStore.exhaustivity = .off
          await testStore.send(1)
        }
      }
      // The cancelled effects wind down on other threads: wait for them, within a bound.
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(10))
      while canaries.withLock({ $0.contains { $0.canary != nil } }) && clock.now < deadline {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
    let alive = canaries.withLock { $0.filter { $0.canary != nil }.count }
    report.details = ["captured objects still alive: \(alive) of \(2 * count)"]
    if alive > 0 { report.violations.append("\(alive) captured objects were never freed") }
    return report
  }

  /// A test store that sends and asserts many steps.
  ///
  /// - Parameter steps: How many steps.
  static func longTestStore(steps: Int) async -> StressReport {
    var report = StressReport(name: "long test store", size: "\(steps) asserted steps")
    let failures = Lock(0)
    let reducer = Reducer<Int, Int, Void> { count, delta, _ in
      count += delta
      return .none
    }
    report.seconds = await elapsedSeconds {
      await TestFailure.collecting({ _ in failures.withLock { $0 += 1 } }) {
        let store = TestStore(initialState: 0, reducer: reducer, environment: ())
        for _ in 0..<steps { await store.send(1) { $0 += 1 } }
        await store.finish()
      }
    }
    let failed = failures.withLock { $0 }
    report.details = ["failures: \(failed)"]
    if failed > 0 { report.violations.append("\(failed) steps failed") }
    return report
  }
}

/// An effect that sleeps holding a new ``Canary``, recorded weakly in `canaries`.
private func canaryEffect(
  _ canaries: Lock<[WeakCanary]>, sleep: @escaping @Sendable () async throws -> Void
) -> Effect<Int> {
  let canary = Canary()
  canaries.withLock { $0.append(WeakCanary(canary)) }
  return .run { _ in
    try await sleep()
    withExtendedLifetime(canary) {}
  }
}

/// An object whose lifetime tells whether an effect's captures were freed.
final class Canary: Sendable {}

struct WeakCanary: Sendable {
  weak var canary: Canary?

  init(_ canary: Canary) {
    self.canary = canary
  }
}
