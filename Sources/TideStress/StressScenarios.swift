import Tide

/// The runtime's promises, each tried at a size given by ``StressSizes``: the suite runs them
/// small in seconds, `tide-stress` runs them at full size in release builds.
///
/// Every scenario returns a ``StressReport`` with counts and the promises it saw broken, rather
/// than trapping or asserting, so that one run reports every class at once.
///
/// ```swift
/// for report in await StressScenarios.runAll(sizes: .suite, seed: 42) {
///   print(report)
/// }
/// ```
@MainActor
public enum StressScenarios {
  /// Runs every scenario in order, or those whose names contain `filter`.
  ///
  /// ```swift
  /// let reports = await StressScenarios.runAll(sizes: .full, seed: 7)
  /// ```
  ///
  /// - Parameters:
  ///   - sizes: How big each scenario is.
  ///   - seed: The seed of every random choice, printed in the reports that use it.
  ///   - filter: Part of the names of the scenarios to run; every scenario when `nil`.
  /// - Returns: One report per scenario run.
  public static func runAll(
    sizes: StressSizes, seed: UInt64, filter: String? = nil
  ) async -> [StressReport] {
    let scenarios: [(name: String, run: @MainActor () async -> StressReport)] = [
      ("cancellation", { await cancellationIsFinal(trials: sizes.cancellationTrials, seed: seed) }),
      ("chained", { chainedSends(count: sizes.chainedSends) }),
      ("merged", { await mergedEffects(count: sizes.mergedEffects) }),
      ("cancel-by-id", { await cancelByID(effects: sizes.cancelledEffects, ids: 100) }),
      ("threads", { await sendsFromManyTasks(tasks: 10, sendsPerTask: sizes.threadedSends / 10) }),
      ("released", { await releasedStoresFreeTheirEffects(count: sizes.releasedStores) }),
      ("test-store", { await longTestStore(steps: sizes.testStoreSteps) }),
      ("sleepers", { await manySleepers(count: sizes.sleepers, seed: seed) }),
      ("race", { await sleepAndAdvanceRace(trials: sizes.raceTrials, seed: seed) }),
      ("huge", { await hugeAdvances() }),
      ("order", { await liveAndTestStoresAgree(trials: sizes.orderTrials, seed: seed) }),
      ("fifo", { await queueOrderMatchesTheModel(trials: sizes.orderTrials, seed: seed) }),
      ("tree", { await cancellingATreeIsFinal(trials: sizes.cancellationTrials, seed: seed) }),
      ("payloads", { await hostilePayloads(elements: sizes.payloadElements) }),
    ]
    var reports: [StressReport] = []
    for scenario in scenarios where filter.map(scenario.name.contains) ?? true {
      reports.append(await scenario.run())
    }
    return reports
  }
}
