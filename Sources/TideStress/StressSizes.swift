/// How big each stress scenario is.
public struct StressSizes: Sendable {
  /// Stores whose effects are cancelled while sending.
  public var cancellationTrials: Int
  /// Length of a chain of `.send` effects.
  public var chainedSends: Int
  /// Effects merged in one step.
  public var mergedEffects: Int
  /// Effects cancelled at once, over 100 identifiers.
  public var cancelledEffects: Int
  /// Sends from ten tasks at once, in all.
  public var threadedSends: Int
  /// Stores, and as many test stores, released while their effects sleep.
  public var releasedStores: Int
  /// Steps a test store sends and asserts.
  public var testStoreSteps: Int
  /// Effects asleep on one clock.
  public var sleepers: Int
  /// Rounds of sleeping and advancing at once.
  public var raceTrials: Int
  /// Random effect trees run in a live and a test store.
  public var orderTrials: Int
  /// Size of the large payload and of the long concatenation.
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
