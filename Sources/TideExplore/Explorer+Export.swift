import Tide
import TideInspect

extension Explorer {
  /// The `TestStore` test that replays a failing run's schedule, with the REPL's exporter: its
  /// sends, each resolution of a call as a `calls.resolve` line, the clock moved as it moved,
  /// and the invariants checked at every step (`checkInvariants`), so that it fails while the
  /// bug is there and passes once the feature is fixed.
  func exportTest(
    run: ExploreRun<State, Action, Environment>,
    failure: ExploreRun<State, Action, Environment>.Failure
  ) -> String? {
    guard let export else { return nil }
    let source = Inspector(redacts: false)
    var steps: [TestExporter.Step] = []
    for (index, step) in run.applied.enumerated() where index <= failure.step {
      if case .resolve(let call, let outcome) = step {
        let label = call.details.label(outcome)
        steps.append(
          TestExporter.Step(
            statements: [
              "calls.resolveIfWaiting(\(source.line(call.name)), number: \(call.number), outcome: \(source.line(label)))"
            ],
            time: run.times[index]))
      }
      for transition in run.transitions where transition.step == index {
        steps.append(
          TestExporter.Step(
            received: transition.received, action: transition.action, before: transition.before,
            after: transition.after, time: transition.time))
      }
    }
    if case .effectsStillRunning = failure.kind {
      steps.append(
        TestExporter.Step(
          statements: [
            "#expect(store.runningEffects.isEmpty, \"effects still running: \\(store.runningEffects)\")"
          ], time: run.times.last ?? .zero))
    }
    // An exhaustive TestStore reports effects still running by itself; for other failures the
    // test skips them, so that it fails only the way the schedule did.
    let stillRunning: Bool
    if case .effectsStillRunning = failure.kind {
      stillRunning = false
    } else {
      stillRunning = !run.runningAfterFailure.isEmpty
    }
    let heading: String
    switch failure.kind {
    case .invariant(let name): heading = "the invariant \"\(name)\" breaks"
    case .runtimeIssue: heading = "the runtime reports an issue"
    case .effectsStillRunning: heading = "effects are still running at the end"
    }
    return TestExporter.export(
      name: TestExporter.testName(from: "\(name) explored failure"),
      header: [
        "// Exported by the explorer: the shortest schedule it found of the \(name) feature in",
        "// which \(heading).",
        "// It fails until the feature is fixed.",
      ],
      // Declared only when used, so the test compiles without a warning.
      preamble: export.environment.contains("calls")
        || steps.contains { $0.statements.contains { $0.hasPrefix("calls.") } }
        ? ["let calls = ExploreCalls()"] : [],
      feature: name, environmentName: "explorable",
      imports: export.imports + ["TideExplore"], reducer: export.reducer,
      environment: export.environment, initialState: initialState,
      initialStateExpression: startsFromItsOwnState ? export.initialState : startExpression,
      steps: steps,
      effectsStillRunning: stillRunning, checkingInvariants: export.invariants)
  }

  /// A test that builds the feature from the export's expressions (imports, reducer,
  /// environment, invariants) and the initial state, and checks the invariants there: kept as a
  /// file of a test target, it is compiled with every build, so a typo in an expression, or an
  /// expression of the wrong feature, fails the build long before an exported failure is
  /// pasted. `nil` without an ``ExploreExport``.
  ///
  /// `expectExportCheck(matchesFile:)`, in `TideTesting`, keeps the file in step with the
  /// explorer:
  ///
  /// ```swift
  /// @MainActor @Test func theLoginExportCompiles() {
  ///   Login.explorer().expectExportCheck(matchesFile: "Tests/LoginExportCheck.swift")
  /// }
  /// ```
  public var exportCheck: String? {
    guard let export else { return nil }
    return TestExporter.export(
      name: TestExporter.testName(from: "\(name) export compiles"),
      header: [
        "// Written by the explorer of the \(name) feature from its export's expressions. As part",
        "// of a test target it is compiled with every build, so an expression an exported test",
        "// would not compile with fails the build here first. Rewrite it with",
        "// TIDE_RECORD_EXPORTS=1 swift test when the explorer changes.",
      ],
      preamble: export.environment.contains("calls") ? ["let calls = ExploreCalls()"] : [],
      feature: name, environmentName: "explorable",
      imports: export.imports + ["TideExplore"], reducer: export.reducer,
      environment: export.environment, initialState: initialState,
      initialStateExpression: export.initialState, steps: [],
      effectsStillRunning: false, checkingInvariants: export.invariants)
  }
}
