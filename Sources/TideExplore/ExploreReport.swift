/// What an exploration tried, and the failure it found, shrunk.
public struct ExploreReport<State, Action> {
  /// How the schedules were chosen.
  public enum Mode: Equatable, Sendable {
    /// Seeded random schedules; `run` is the run that failed, if one did.
    case random(seed: UInt64, run: Int?)
    /// Every schedule up to a depth.
    case exhaustive(depth: Int)
  }

  /// A failing schedule, shrunk, with the text that reports it.
  public struct Failure {
    /// What broke.
    public let kind: ExploreFailureKind
    /// The minimal schedule that still breaks it.
    public let schedule: [ExploreStep<Action>]
    /// How many steps the schedule had when it was found.
    public let foundLength: Int
    /// The `TestStore` test that reproduces it, when the explorer was given an
    /// ``ExploreExport``.
    public let test: String?
    /// The report without the test: heading, schedule, diff.
    package let messageWithoutTest: String
    /// Whether replaying the schedule twice more gave the same reductions. When it did not, the
    /// message says so: the feature reads something outside its environment.
    public let isDeterministic: Bool

    /// The full report: heading, schedule, diff, test.
    public var message: String {
      guard let test else { return messageWithoutTest }
      let indented = test.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
      return messageWithoutTest + "\n\n  The test that reproduces it:\n\n"
        + indented.trimmingTrailingNewlines()
    }
  }

  /// How the schedules were chosen.
  public let mode: Mode
  /// Schedules run: random runs, or configurations visited breadth first.
  public let runs: Int
  /// Steps taken in all.
  public let steps: Int
  /// In exhaustive mode, configurations seen and how many of them were distinct.
  public let states: (seen: Int, distinct: Int)?
  /// The failure found, if any.
  public let failure: Failure?
  /// Whether the exhaustive search stopped at its limit of states before reaching its depth
  /// everywhere.
  public let truncated: Bool
  /// What the exploration did not explore, when it fell short of what it was asked (no run, no
  /// step, nothing offered, stopped at the state limit or the time budget); `nil` when it
  /// explored it all.
  public let shortfall: String?

  @usableFromInline
  package init(
    mode: Mode, runs: Int, steps: Int, states: (seen: Int, distinct: Int)?, failure: Failure?,
    truncated: Bool = false, shortfall: String? = nil
  ) {
    self.mode = mode
    self.runs = runs
    self.steps = steps
    self.states = states
    self.failure = failure
    self.truncated = truncated
    self.shortfall = shortfall
  }

  /// One line: the mode, what was explored, and whether it failed.
  ///
  /// ```swift
  /// let report = await Login.explorer().random(seed: 7, runs: 500, steps: 10)
  /// print(report.summary)  // random, seed 7: 500 runs, 5,000 steps; no failure
  /// ```
  public var summary: String {
    let what: String
    switch mode {
    case .random(let seed, _):
      what =
        "random, seed \(seed): \(grouped(runs)) run\(runs == 1 ? "" : "s"), "
        + "\(grouped(steps)) step\(steps == 1 ? "" : "s")"
    case .exhaustive(let depth):
      let states = states ?? (0, 0)
      what =
        "exhaustive to depth \(depth): \(grouped(states.seen)) state\(states.seen == 1 ? "" : "s") seen, "
        + "\(grouped(states.distinct)) distinct"
        + (truncated ? " (stopped at the state limit)" : "")
    }
    guard let failure else {
      return what + "; no failure" + (shortfall.map { " (but \($0))" } ?? "")
    }
    let count = failure.schedule.count
    return what + "; failed after shrinking to \(count) step\(count == 1 ? "" : "s"): "
      + failure.kind.heading
  }
}

/// `12,345`: a count with its thousands grouped, for reports and the REPL.
@usableFromInline
package func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  var text = ""
  for (index, digit) in digits.enumerated() {
    if index > 0, (digits.count - index) % 3 == 0 { text += "," }
    text.append(digit)
  }
  return (number < 0 ? "-" : "") + text
}
