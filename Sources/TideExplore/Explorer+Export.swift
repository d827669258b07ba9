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
      environment: export.environment, initialState: initialState, steps: steps,
      effectsStillRunning: stillRunning, checkingInvariants: export.invariants)
  }

}
