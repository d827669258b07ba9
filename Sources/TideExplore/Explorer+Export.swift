import Tide
import TideInspect

extension Explorer {
  /// The `TestStore` test that replays a failing run step by step, with the REPL's exporter:
  /// each send and receive asserts its state change, each resolution of a call is a
  /// `calls.resolve` line, and the check that failed comes where it failed.
  func exportTest(
    run: ExploreRun<State, Action, Environment>,
    failure: ExploreRun<State, Action, Environment>.Failure
  ) -> String? {
    guard let export else { return nil }
    let source = Inspector(redacts: false)
    var steps: [TestExporter.Step] = []
    let breaking = failure.transition
    for (index, step) in run.applied.enumerated() where index <= failure.step {
      if case .resolve(_, let name, _, let label) = step {
        let number = run.resolvedNumbers[index] ?? 1
        steps.append(
          TestExporter.Step(
            statements: [
              "calls.resolve(\(source.line(name)), number: \(number), outcome: \(source.line(label)))"
            ],
            time: run.times[index]))
      }
      for transition in run.transitions where transition.step == index {
        let isBreaking: Bool
        if case .invariant = failure.kind, let breaking, breaking.step == transition.step,
          breaking.time == transition.time, isTransitionCheck(failure)
        {
          isBreaking =
            transition.action == breaking.action && transition.after == breaking.after
            && transition.before == breaking.before
        } else {
          isBreaking = false
        }
        if isBreaking {
          steps.append(
            TestExporter.Step(statements: ["let before = store.state"], time: transition.time))
        }
        steps.append(
          TestExporter.Step(
            received: transition.received, action: transition.action, before: transition.before,
            after: transition.after, time: transition.time))
        if isBreaking {
          steps.append(
            TestExporter.Step(
              statements: [
                "expectInvariants(\(export.invariants), before: before, action: \(source.line(transition.action)), after: store.state)"
              ], time: transition.time))
        }
      }
    }
    if case .invariant = failure.kind, !isTransitionCheck(failure) {
      steps.append(
        TestExporter.Step(
          statements: [
            "expectInvariants(\(export.invariants), state: store.state, runningEffects: store.runningEffects)"
          ], time: run.times[failure.step]))
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
      preamble: ["let calls = ExploreCalls()"],
      feature: name, environmentName: "explorable",
      imports: export.imports + ["TideExplore"], reducer: export.reducer,
      environment: export.environment, initialState: initialState, steps: steps,
      effectsStillRunning: stillRunning)
  }

  private func isTransitionCheck(_ failure: ExploreRun<State, Action, Environment>.Failure) -> Bool
  {
    guard case .invariant(let name) = failure.kind else { return false }
    return invariants.contains {
      guard $0.name == name, case .transition = $0.check else { return false }
      return true
    }
  }
}
