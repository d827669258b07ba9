import TideInspect

/// Writes a test one step at a time, for ``TestExporter``: the head when it is made, each step
/// as it is written, the end when it is finished. A writer that writes a long session can hand
/// its thread back between steps (the web front does, so that a download does not hold the main
/// actor), and stops as soon as the test passes its byte limit.
package struct TestWriter {
  private var lines: [String] = []
  private var source: Inspector
  /// Writes actions: a shared copy one carries under the label of its rank (see
  /// `Inspector.labelsSharedCopiesByRank`), so that the test sends what the session sent.
  private var actionSource: Inspector
  private let checksInvariants: Bool
  private let byteLimit: Int
  private var time = Duration.zero
  private var size = 0
  private var counted = 0
  private static let skip = "  await store.skipReceivedActions()"

  /// The test's head: header, imports, the store, the invariants it checks.
  ///
  /// - Parameters:
  ///   - preamble: Statements before the store is made; one that says `try` makes the test
  ///     throwing, and one that names `clock` makes it declare the clock.
  ///   - advancesClock: Whether a step it will write comes after time moved, so the test needs
  ///     a clock.
  ///   - hasSteps: Whether it will write any step.
  package init(
    name: String,
    header: [String]?,
    preamble: [String],
    feature: String,
    environmentName: String,
    imports: [String],
    reducer: String,
    environment: String,
    initialState: Any,
    initialStateExpression: String?,
    advancesClock: Bool,
    hasSteps: Bool,
    secretPlaceholder: String?,
    checkingInvariants invariants: String?,
    byteLimit: Int
  ) {
    source = Inspector(redacts: secretPlaceholder != nil)
    source.secretPlaceholder = secretPlaceholder
    actionSource = source
    actionSource.labelsSharedCopiesByRank = true
    checksInvariants = invariants != nil
    self.byteLimit = byteLimit
    lines =
      ["// swift-format-ignore-file"]
      + (header ?? [
        "// Exported by the REPL (:export-test) from a session of the \(feature) feature,",
        "// environment \(environmentName). Every step asserts its exact state change.",
        "// It holds the values typed in the session, passwords included, so the REPL creates it",
        "// readable by you only; keep it private.",
      ]) + [""]
    let modules = Set(imports + ["Testing", "Tide", "TideTesting"]).sorted()
    lines += modules.map { "import \($0)" }
    lines += [
      "",
      "@MainActor",
      "@Test func \(name)() async\(preamble.contains { $0.contains("try ") } ? " throws" : "") {",
    ]
    // Declared only when something uses it, so the test compiles without a warning.
    if advancesClock || environment.contains("clock")
      || preamble.contains(where: { $0.contains("clock") })
    {
      lines.append("  let clock = ManualClock()")
    }
    lines += preamble.map { "  " + $0 }
    lines += [
      "  let store = TestStore(",
      "    initialState: \(initialStateExpression ?? source.source(initialState)),",
      "    reducer: \(reducer),",
      "    environment: \(environment)",
      "  )",
    ]
    if let invariants {
      lines +=
        !hasSteps
        ? ["  // The invariants, checked in the initial state."]
        : [
          "  // The schedule's actions with the invariants checked at every step, not every state:",
          "  // the test fails while the bug is there and passes once the feature is fixed.",
        ]
      lines += [
        "  store.exhaustivity = .off",
        "  store.checkInvariants(\(invariants))",
      ]
    }
  }

  /// Writes a step. Returns `false`, writing nothing more, once the test has passed its limit.
  package mutating func write(_ step: TestExporter.Step) -> Bool {
    while counted < lines.count {
      size += lines[counted].utf8.count + 1
      counted += 1
    }
    if size > byteLimit { return false }
    if step.time > time {
      lines.append("  await clock.advance(by: \(TestExporter.literal(step.time - time)))")
      time = step.time
    }
    if !step.statements.isEmpty {
      lines += step.statements.map { "  " + $0 }
      return true
    }
    if checksInvariants {
      // Only what the schedule did: what the feature received and how the state changed may
      // differ once it is fixed.
      if step.received {
        if lines.last != Self.skip { lines.append(Self.skip) }
      } else {
        lines.append("  await store.send(\(actionSource.source(step.action)))")
      }
      return true
    }
    let call = step.received ? "receive" : "send"
    let head = "  await store.\(call)(\(actionSource.source(step.action)))"
    // The closure a failed step suggests, its lines indented under the call.
    if let closure = source.closure(from: step.before, to: step.after) {
      lines.append(
        head + " "
          + closure.split(separator: "\n", omittingEmptySubsequences: false).joined(
            separator: "\n  "))
    } else {
      lines.append(head)
    }
    return true
  }

  /// The test's source, ended; `nil` when it passed its limit.
  package func finish(effectsStillRunning: Bool) -> String? {
    var lines = lines
    if checksInvariants, lines.last != Self.skip { lines.append(Self.skip) }
    if effectsStillRunning {
      lines.append("  // Effects were still running when the session was exported.")
      lines.append("  await store.skipInFlightEffects()")
    }
    lines.append("}")
    let text = lines.joined(separator: "\n") + "\n"
    return text.utf8.count > byteLimit ? nil : text
  }
}
