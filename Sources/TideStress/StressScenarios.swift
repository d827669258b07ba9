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
  /// Runs every scenario in order.
  ///
  /// ```swift
  /// let reports = await StressScenarios.runAll(sizes: .full, seed: 7)
  /// ```
  ///
  /// - Parameters:
  ///   - sizes: How big each scenario is.
  ///   - seed: The seed of every random choice, printed in the reports that use it.
  /// - Returns: One report per scenario.
  public static func runAll(sizes: StressSizes, seed: UInt64) async -> [StressReport] {
    var reports: [StressReport] = []
    reports.append(await cancellationIsFinal(trials: sizes.cancellationTrials, seed: seed))
    reports.append(chainedSends(count: sizes.chainedSends))
    reports.append(await mergedEffects(count: sizes.mergedEffects))
    reports.append(await cancelByID(effects: sizes.cancelledEffects, ids: 100))
    reports.append(
      await sendsFromManyTasks(tasks: 10, sendsPerTask: sizes.threadedSends / 10))
    reports.append(await releasedStoresFreeTheirEffects(count: sizes.releasedStores))
    reports.append(await longTestStore(steps: sizes.testStoreSteps))
    reports.append(await manySleepers(count: sizes.sleepers, seed: seed))
    reports.append(await sleepAndAdvanceRace(trials: sizes.raceTrials, seed: seed))
    reports.append(await hugeAdvances())
    reports.append(await liveAndTestStoresAgree(trials: sizes.orderTrials, seed: seed))
    reports.append(await hostilePayloads(elements: sizes.payloadElements))
    return reports
  }
}

/// How big each stress scenario is.
public struct StressSizes: Sendable {
  public var cancellationTrials: Int
  public var chainedSends: Int
  public var mergedEffects: Int
  public var cancelledEffects: Int
  public var threadedSends: Int
  public var releasedStores: Int
  public var testStoreSteps: Int
  public var sleepers: Int
  public var raceTrials: Int
  public var orderTrials: Int
  public var payloadElements: Int

  /// Sizes that run in a second or two in a debug build: the test suite's.
  public static let suite = StressSizes(
    cancellationTrials: 40, chainedSends: 10_000, mergedEffects: 1_000, cancelledEffects: 1_000,
    threadedSends: 10_000, releasedStores: 100, testStoreSteps: 2_000, sleepers: 2_000,
    raceTrials: 20, orderTrials: 100, payloadElements: 10_000)

  /// The sizes the runtime was probed at: `tide-stress` runs these in release builds.
  public static let full = StressSizes(
    cancellationTrials: 500, chainedSends: 100_000, mergedEffects: 10_000,
    cancelledEffects: 10_000, threadedSends: 1_000_000, releasedStores: 1_000,
    testStoreSteps: 100_000, sleepers: 100_000, raceTrials: 200, orderTrials: 1_000,
    payloadElements: 100_000)
}
