/// How far an exploration has got, reported while it runs.
///
/// <!-- example: given explorer: Explorer<Login.State, Login.Action, Login.Environment> -->
/// ```swift
/// let report = await explorer.random(seed: 1, runs: 10_000, steps: 12) { progress in
///   // Such as "2,310 schedules, 25,118 steps in 0.3 s (7,700 schedules/s, 83,720 steps/s)".
///   print(progress.summary)
/// }
/// ```
public struct ExploreProgress: Sendable, Equatable {
  /// Schedules run so far: random runs, or configurations visited breadth first.
  public let runs: Int
  /// Steps taken so far.
  public let steps: Int
  /// In exhaustive mode, the configurations seen so far and how many of them were distinct.
  public let distinctStates: Int?
  /// Real time since the exploration started.
  public let elapsed: Duration

  /// Creates a progress report.
  ///
  /// - Parameters:
  ///   - runs: Schedules run so far.
  ///   - steps: Steps taken so far.
  ///   - distinctStates: Distinct configurations seen, in exhaustive mode.
  ///   - elapsed: Real time since the start.
  public init(runs: Int, steps: Int, distinctStates: Int? = nil, elapsed: Duration) {
    self.runs = runs
    self.steps = steps
    self.distinctStates = distinctStates
    self.elapsed = elapsed
  }

  /// Schedules (or, exhaustively, configurations) per second of real time.
  ///
  /// <!-- example: given progress: ExploreProgress -->
  /// ```swift
  /// print(Int(progress.runsPerSecond))
  /// ```
  public var runsPerSecond: Double { rate(runs) }

  /// Steps per second of real time.
  ///
  /// <!-- example: given progress: ExploreProgress -->
  /// ```swift
  /// print(Int(progress.stepsPerSecond))
  /// ```
  public var stepsPerSecond: Double { rate(steps) }

  /// One line: what was run, in how long, and how fast.
  ///
  /// <!-- example: given progress: ExploreProgress -->
  /// ```swift
  /// // Random mode: "2,310 schedules, 25,118 steps in 0.3 s (7,700 schedules/s, 83,720 steps/s)";
  /// // exhaustive mode: "1,204 states, 212 distinct, in 0.3 s (4,013 states/s)".
  /// let line = progress.summary
  /// ```
  public var summary: String {
    let time = "\((seconds * 10).rounded() / 10) s"
    if let distinctStates {
      return "\(grouped(runs)) states, \(grouped(distinctStates)) distinct, in \(time) "
        + "(\(grouped(Int(runsPerSecond))) states/s)"
    }
    return "\(grouped(runs)) schedule\(runs == 1 ? "" : "s"), "
      + "\(grouped(steps)) step\(steps == 1 ? "" : "s") in \(time) "
      + "(\(grouped(Int(runsPerSecond))) schedules/s, \(grouped(Int(stepsPerSecond))) steps/s)"
  }

  private var seconds: Double {
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  private func rate(_ count: Int) -> Double {
    seconds > 0 ? Double(count) / seconds : 0
  }
}

/// Calls a progress handler at most every `interval` of real time, and once at the end.
@MainActor
@usableFromInline
struct ProgressThrottle {
  let handler: (@MainActor (ExploreProgress) -> Void)?
  let start = ContinuousClock.now
  var last = ContinuousClock.now
  var interval = Duration.milliseconds(100)

  @usableFromInline
  init(_ handler: (@MainActor (ExploreProgress) -> Void)?) {
    self.handler = handler
  }

  @usableFromInline
  mutating func report(runs: Int, steps: Int, distinct: Int? = nil, force: Bool = false) {
    guard let handler else { return }
    let now = ContinuousClock.now
    guard force || now - last >= interval else { return }
    last = now
    handler(
      ExploreProgress(runs: runs, steps: steps, distinctStates: distinct, elapsed: now - start))
  }
}
