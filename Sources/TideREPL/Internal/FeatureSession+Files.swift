import Foundation
import Tide
import TideExplore
import TideExpressions
import TideInspect
import TideRecord

extension FeatureSession {
  /// The session up to the cursor, as a file that `:load` re-runs exactly. An environment switch
  /// is a `# environment:` line where it happened; a loaded recording's answers stay, so the
  /// file replays without the outside world too.
  func sessionFile() throws(InputError) -> String {
    if let step = startedAtStep {
      throw InputError(
        message:
          "this session starts at step \(step) of the one :explore here explored from, which a session file cannot hold; :export-test writes it as a test, and :reset starts over",
        position: 0)
    }
    let steps = entries[..<cursor]
    var file = SessionFile()
    file.feature = featureName
    file.environment = steps.first?.environment ?? environmentName
    var environment = file.environment
    for entry in steps {
      file.steps.append(
        SessionFile.Step(
          received: entry.source == .received, time: entry.time,
          action: REPLFormat.source.source(entry.action),
          environment: entry.environment != environment ? entry.environment : nil))
      environment = entry.environment
    }
    file.resolutions = history.resolutions(before: cursor).map {
      SessionFile.Resolution(index: $0.index, time: $0.time, outcome: $0.outcome, call: $0.call)
    }
    // A recording replayed here stays one: its calls answer from its answers.
    file.isRecording =
      !answers.isEmpty || file.environment == REPLRecording<Environment>.environmentName
    file.answers = answers.map {
      var answer = $0
      answer.index = min(answer.index, steps.count)
      return answer
    }
    // What happened after the last step: an `:env` switch, and time moved on.
    if environmentName != environment { file.finalEnvironment = environmentName }
    if clock.now.offset > (steps.last?.time ?? .zero) { file.clock = clock.now.offset }
    return file.text(notes: [
      "It replays exactly: `:load` re-runs these actions in order, and checks that the effects",
      "send the received ones again. It holds what was typed, passwords included, so tide",
      "creates it readable by you only; keep it private.",
    ])
  }

  /// Loads a session file by re-running it. Every line is read and checked, and the whole
  /// session re-run, before anything changes: a load that fails leaves the session as it was.
  func load(_ file: SessionFile) async throws(InputError) {
    let names = environmentNames
    // A recording replays in the `replay` environment, its calls answered from the file,
    // wherever it was recorded.
    let replaysRecording = !file.answers.isEmpty || file.isRecording
    if replaysRecording, definition.recording == nil {
      throw InputError(
        message:
          "the file holds recorded answers, and \(featureName) cannot replay them: register REPLFeature(…, recording:)",
        position: 0)
    }
    let first =
      replaysRecording
      ? REPLRecording<Environment>.environmentName : file.environment ?? environmentName
    for environment in [first] + file.steps.compactMap(\.environment)
      + [file.finalEnvironment]
      .compactMap({ $0 })
    where !names.contains(environment) {
      let line = file.environmentLines[environment].map { "line \($0): " } ?? ""
      throw InputError(
        message:
          "\(line)the file names an environment \(featureName) does not have: '\(environment)'",
        position: 0, suggestions: Suggestions.closest(to: environment, in: names))
    }
    let steps = try replaySteps(of: file, startingIn: first)
    // A call still running when the recording was taken has no answer: in the re-run it waits,
    // as it did; a call made after the recording's end (typed here later) fails, reported.
    let missing = missingAnswers
    var loaded = false
    missingAnswers = replaysRecording ? .wait : .fail
    defer { if !loaded { missingAnswers = missing } }
    let start = definition.initialState
    let replay: Replay
    do {
      replay = try await self.replay(
        steps,
        resolutions: file.resolutions.map {
          SessionHistory<State, Action>.Resolution(
            index: $0.index, time: $0.time,
            name: String($0.call.prefix { $0 != "(" }), call: $0.call, outcome: $0.outcome,
            label: "")
        }, answers: file.answers, from: start, startingIn: first)
    } catch {
      throw InputError(message: "\(error.message); the session is unchanged", position: 0)
    }
    loaded = true
    // Answers for calls the steps never made (a name the feature has no call of, or more calls
    // than it made): no later call takes them, since a call past the recording's end fails.
    var untaken: [SessionFile.Answer] = []
    if replaysRecording {
      // The calls the recording's steps made are its calls; any later one is past its end.
      let made = replay.recorded.callCounts
      missingAnswers = .waitUpTo(made)
      replay.recorded.setMissingAnswers(.waitUpTo(made))
      untaken = file.answers.filter { $0.number > made[$0.name] ?? 0 }
    }
    adopt(replay)
    // The file's steps never ran here before: what they reported is news.
    let reported = replay.warnings.removeAll()
    initialState = start
    startedAtStep = nil
    let extra = cursor - steps.count
    // Then what happened after the last step, in the same way.
    if let final = file.finalEnvironment, final != environmentName {
      selectEnvironment(final)
      rebuildStore(state: store.untrackedState)
    }
    if let time = file.clock, time > clock.now.offset {
      await clock.advance(to: ManualClock.Instant(offset: time))
      await runReadyEffects()
      resyncRealTime()
    }
    output.line(
      "loaded \(English.count(steps.count, "step")) of \(featureName) (environment: \(environmentName))"
        + (extra > 0 ? "; the effects then took \(English.count(extra, "more step"))" : ""),
      .heading)
    if replaysRecording {
      output.line(
        "    a recording\(file.environment.map { " made in \($0)" } ?? ""): its calls answer from "
          + "the file's \(English.count(file.answers.count, "recorded answer")), and none runs",
        .dim)
    }
    let running = store.runningEffects.descriptions
    if !running.isEmpty {
      output.line("    in flight: \(running.joined(separator: ", "))", .effect)
    }
    if let first = replay.retimed.first {
      output.line(
        "    \(English.count(replay.retimed.count, "received action")) came at another time "
          + "here than the file says (\(first.place): @\(DurationText.format(first.reRun)), not "
          + "@\(DurationText.format(first.given))): the history keeps this run's times",
        .dim)
    }
    for warning in reported {
      for line in warning.split(separator: "\n", omittingEmptySubsequences: false) {
        output.line("  ! \(line)", .warning)
      }
    }
    if let mismatch = startMismatch(of: file, replayedFrom: start) {
      output.line("  ! \(mismatch)", .warning)
    }
    if !untaken.isEmpty {
      // A name from the file is as long as its answer line may be: each is cut to 80 characters.
      let named = untaken.prefix(3).map { answer in
        let name = answer.name.count > 80 ? answer.name.prefix(80) + "…" : answer.name
        return "#\(answer.number) \(JSONQuoting.quoted(String(name)))"
      }.joined(separator: ", ")
      output.line(
        "  ! the file answers \(English.count(untaken.count, "call")) the steps never made "
          + "here (\(named)\(untaken.count > 3 ? ", …" : "")): \(featureName) makes no such "
          + "call, or fewer of them, so nothing takes "
          + (untaken.count == 1
            ? "the answer (it stays in the session, and :save keeps it)"
            : "the answers (they stay in the session, and :save keeps them)"),
        .warning)
    }
  }

  /// Why the states a recording replays here may not be the ones its store had: it began from
  /// another state than `state`, the feature's initial state, from which its steps are
  /// replayed. `nil` when it began there, or does not say where it began.
  ///
  /// An initial state that differs each time it is made (a date or an identifier made by its
  /// initialiser) never matches a recording's: that is said instead, since the recording may
  /// well have begun from the feature's initial state as it was then.
  func startMismatch(of file: SessionFile, replayedFrom state: State) -> String? {
    guard let start = file.start else { return nil }
    let here = StateFingerprint.of(state)
    guard start != here else { return nil }
    let again = StateFingerprint.of(definition.initialState)
    guard again == here else {
      return "\(featureName)'s initial state is not the same each time it is made "
        + "(fingerprints \(here) and \(again): a date, an identifier or a random value made by "
        + "its initialiser?), so tide cannot tell whether the recorded store (fingerprint "
        + "\(start)) began from it; its steps replay here from a new one, and the states shown "
        + "differ from the ones it had wherever the two differ. Take such values from the "
        + "environment, or pass them in, to make the initial state the same each time."
    }
    return "the recorded store began from another state than \(featureName)'s initial state "
      + "(fingerprint \(start), not \(here)), and its steps replay here from \(featureName)'s: "
      + "the states shown may not be the ones it had. Record a store made with the feature's "
      + "initial state, from its start."
  }

  /// The steps of a file, decoded, to re-run.
  func replaySteps(of file: SessionFile, startingIn first: String) throws(InputError)
    -> [ReplayStep]
  {
    var steps: [ReplayStep] = []
    steps.reserveCapacity(file.steps.count)
    for step in file.steps {
      let action: Action
      do {
        action = try ExpressionDecoder.decode(
          Action.self, from: try ExpressionParser.parse(step.action), caseNames: { self.caseNames })
      } catch {
        throw InputError(
          message:
            "line \(step.line): \(Self.loadMessage(for: error, in: step.action, session: self))",
          position: 0)
      }
      steps.append(
        ReplayStep(
          received: step.received, action: action, time: step.time,
          environment: step.environment ?? first, place: "line \(step.line)"))
    }
    return steps
  }

  /// An error's message, unless it points into a secret value: the line is from a file that
  /// holds passwords, and messages quote what they found.
  private static func loadMessage(
    for error: any Error, in line: String, session: FeatureSession
  ) -> String {
    guard let error = error as? InputError else { return "\(error)" }
    let mask = SecretMask(line, secretLabels: session.secretLabels)
    return mask.isSecret(error.position)
      ? "a value is not valid; it may be secret, so tide does not quote it" : error.message
  }

  func exportTest(named name: String, secretPlaceholder: String?) throws(InputError) -> String {
    warnedStepsOfLastExport = []
    if let failure = exploredFailureToExport { return failure.test(named: name) }
    var export = try testExport(
      named: name, secretPlaceholder: secretPlaceholder, byteLimit: .max)
    while let steps = export.nextSteps() {
      for step in steps { _ = export.writer.write(step) }
    }
    warnedStepsOfLastExport = export.warnedSteps()
    // With no limit, the writer always finishes.
    return export.writer.finish(effectsStillRunning: export.effectsStillRunning) ?? ""
  }

  /// The explored failure `:export-test` writes instead of the session's transitions: the
  /// history is the schedule `:explore` loaded, unchanged, with the cursor at its end. The
  /// session's own test would assert the buggy transitions; the explorer's checks the invariants
  /// at every step, so it fails on the bug and passes on the fix.
  var exploredFailureToExport: ExploredFailure? {
    guard let failure = exploredFailure, failure.history === history,
      failure.steps == entries.count, cursor == entries.count
    else { return nil }
    return failure
  }

  var exportsExploredFailure: Bool { exploredFailureToExport != nil }

  func testExport(
    named name: String, secretPlaceholder: String?, byteLimit: Int
  ) throws(InputError) -> REPLTestExportInProgress {
    guard let export = definition.export else {
      throw InputError(
        message: "\(featureName) does not describe how to export a test", position: 0)
    }
    let steps = entries[..<cursor]
    let environment = steps.first?.environment ?? environmentName
    if let switched = steps.firstIndex(where: { $0.environment != environment }) {
      throw InputError(
        message:
          "the session switched to the environment '\(steps[switched].environment)' at step \(switched + 1); a test runs in one environment",
        position: 0)
    }
    guard
      let expression = definition.environments.first(where: { $0.name == environment })?
        .testExpression
    else {
      throw InputError(
        message:
          "the environment '\(environment)' cannot be rebuilt in a test: give it the Swift expression a test builds it with, REPLEnvironment(testExpression:), or switch with :env to one that has it",
        position: 0)
    }
    // In the explore environment, each resolved call is a `calls.resolve` line where it came.
    let resolutions = history.resolutions(before: cursor)
    let source = REPLFormat.source
    func resolutionSteps(at index: Int) -> [TestExporter.Step] {
      resolutions.filter { $0.index == index }.map {
        TestExporter.Step(
          statements: [
            "calls.resolve(\(source.line($0.name)), number: \($0.number), outcome: \(source.line($0.label)))"
          ], time: $0.time)
      }
    }
    var remaining = history.steps(in: 0..<steps.count)
    var index = 0
    let count = steps.count
    var warned: [(step: Int, issue: String)] = []
    let nextSteps: () -> [TestExporter.Step]? = {
      guard index <= count else { return nil }
      defer { index += 1 }
      guard let (entry, before, after) = remaining.next() else { return resolutionSteps(at: count) }
      warned += remaining.lastIssues.map { (index + 1, $0) }
      return resolutionSteps(at: index) + [
        TestExporter.Step(
          received: entry.source == .received, action: entry.action, before: before,
          after: after, time: entry.time)
      ]
    }
    let resolved = resolutions.filter { $0.index <= count }
    let explores = definition.environments.first { $0.name == environment }?.isExplorable == true
    let header =
      secretPlaceholder == nil
      ? nil
      : [
        "// Downloaded from tide's web inspector: a session of the \(featureName) feature,",
        "// environment \(environment). Every step asserts its exact state change.",
        "// Secrets never reach the browser: each is \(secretPlaceholder!), which does not",
        "// compile until you type the value back (or use :export-test in the REPL).",
      ]
    let replays =
      definition.environments.first { $0.name == environment }?.kind == .replay
    var preamble = explores ? ["let calls = ExploreCalls()"] : []
    if replays { preamble = recordingPreamble() }
    let writer = TestWriter(
      name: name, header: header, preamble: preamble,
      feature: featureName, environmentName: environment,
      imports: export.imports + (explores ? ["TideExplore"] : []) + (replays ? ["TideRecord"] : []),
      reducer: export.reducer,
      environment: expression, initialState: initialState,
      // A session that starts where `:explore here` started spells its state out, and so does
      // one of a feature that saves: it started from what it read, which no fixed expression
      // names (a test from a session that began with saved data would begin without it).
      initialStateExpression: startedAtStep == nil && definition.saving == nil
        ? export.initialState : nil,
      advancesClock: steps.contains { $0.time > .zero } || resolved.contains { $0.time > .zero },
      hasSteps: !steps.isEmpty || !resolved.isEmpty,
      secretPlaceholder: secretPlaceholder, checkingInvariants: nil, byteLimit: byteLimit)
    return REPLTestExportInProgress(
      writer: writer, nextSteps: nextSteps, effectsStillRunning: !store.runningEffects.isEmpty,
      warnedSteps: { warned })
  }

  /// The statements that give an exported test the loaded recording's answers, as `calls`: the
  /// answers in a raw string literal, read back with `Recording(parsing:)`.
  private func recordingPreamble() -> [String] {
    var file = SessionFile()
    file.answers = answers.map {
      var answer = $0
      answer.index = 0
      return answer
    }
    let text = file.text()
    // Enough `#`s that nothing in the text ends the literal or starts an interpolation.
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return ["let recording = try Recording(", "  parsing: \(hashes)\"\"\""]
      + text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
        $0.isEmpty ? "" : "    " + $0
      }
      + ["    \"\"\"\(hashes))", "let calls = RecordedCalls(replaying: recording, clock: clock)"]
  }
}
