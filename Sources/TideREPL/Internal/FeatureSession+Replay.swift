import Foundation
import Tide
import TideExplore
import TideInspect
import TideRecord

/// Time travel and `:load` re-run a session rather than only re-reducing it: a fresh store on a
/// fresh virtual clock is sent the same actions at the same times, in the same environments, and
/// its effects run as they did. So the effects that were in flight at the step travelled to are
/// in flight again (a login's request, a search's debounce), deterministically, and the state is
/// never left waiting for an answer nobody will send.
///
/// Each action an effect sends during the re-run is checked against the history: when they differ
/// (a hand-edited file, an environment that answers differently), the re-run is abandoned and the
/// session stays as it was.
extension FeatureSession {
  /// One step to re-run: sent actions are sent; received ones are expected from the effects.
  struct ReplayStep {
    let received: Bool
    /// Who sent it, for a sent step.
    var origin = StepOrigin.repl
    let action: Action
    let time: Duration
    let environment: String
    /// Where the step came from, for messages: "line 7", "step 7".
    let place: String
  }

  /// A finished re-run, not yet in use.
  struct Replay {
    let clock: ManualClock
    let calls: ExploreCalls
    let recorded: RecordedCalls
    /// The recording's answers the re-run's `replay` environment answered from.
    let answers: [SessionFile.Answer]
    let store: Store<State, Action>
    let history: SessionHistory<State, Action>
    let environment: String
    /// What the re-run's effects reported; those still running report on into it, and it
    /// forwards to the session's log once the re-run is in use.
    let warnings: WarningLog
    /// The received steps the effects sent at another time than the steps say (a recording
    /// made on the real clock, or a time changed by hand): where, and the two times.
    let retimed: [(place: String, given: Duration, reRun: Duration)]
  }

  /// Why a re-run stopped.
  struct ReplayDivergence: Error {
    let message: String
  }

  /// How long a re-run waits, in real time, for an effect that does not run on the clock (a
  /// real network request) to send an expected action.
  static var outsideWorkPatience: Duration { .seconds(5) }

  /// Re-runs `steps` from the session's initial state (or `start`) on a fresh clock and store;
  /// the session itself is not touched. Warnings the sent actions raise were printed the first
  /// time and are not repeated.
  ///
  /// Each of `resolutions` ends its waiting call again, at its time, before the step it came
  /// before (those whose index is `steps.count` after the last step). The `replay`
  /// environment's calls answer from `answers` (the session's own unless given).
  ///
  /// - Returns: The re-run, whose history holds at least `steps` (and any steps the effects took
  ///   at once after the last one).
  func replay(
    _ steps: [ReplayStep], resolutions: [SessionHistory<State, Action>.Resolution] = [],
    answers: [SessionFile.Answer]? = nil, from start: State? = nil,
    startingIn firstEnvironment: String
  ) async throws(ReplayDivergence) -> Replay {
    let clock = ManualClock()
    let calls = ExploreCalls()
    let answers = answers ?? self.answers
    let recorded = RecordedCalls(replaying: answers, clock: clock, missing: missingAnswers)
    let history = Self.makeHistory(definition: definition)
    var environment = firstEnvironment
    var store = Self.makeStore(
      definition: definition, environmentName: environment, state: start ?? initialState,
      clock: clock, calls: calls, recorded: recorded, history: history)
    // A re-run's warnings were printed when its steps first ran: they stay in the re-run's log,
    // which `:load` prints (a file's steps never ran here before).
    let quiet = WarningLog()
    func abandon() {
      store.cancelRunningEffects()
      clock.abandonReadyWork()
    }
    var pendingResolutions = resolutions[...]
    var retimed: [(place: String, given: Duration, reRun: Duration)] = []
    /// Ends the calls resolved before step `index`, in order.
    func resolve(before index: Int) async throws(ReplayDivergence) {
      while let resolution = pendingResolutions.first, resolution.index <= index {
        pendingResolutions.removeFirst()
        if resolution.time > clock.now.offset {
          // What the recording has at the same instant after the resolution comes after it.
          await clock.advance(toJustBefore: ManualClock.Instant(offset: resolution.time))
        }
        let call = calls.pending.first { $0.description == resolution.call }
        if let call, !(0..<call.outcomeCount).contains(resolution.outcome) {
          abandon()
          throw ReplayDivergence(
            message:
              "before step \(index + 1), re-running the session, \(call.description) has outcomes 0 to \(call.outcomeCount - 1), not \(resolution.outcome)"
          )
        }
        guard let call, calls.resume(call, outcome: resolution.outcome) else {
          let waiting = calls.pending.map(\.description)
          abandon()
          throw ReplayDivergence(
            message:
              "before step \(index + 1), re-running the session, no call \(resolution.call) waited to be resolved (\(waiting.isEmpty ? "none waited" : "waiting: " + waiting.joined(separator: ", ")))"
          )
        }
        // With the label the call declares now: a loaded file names only the outcome's number.
        history.resolutions.append(
          SessionHistory<State, Action>.Resolution(
            index: resolution.index, time: resolution.time, name: call.name,
            call: call.description, outcome: resolution.outcome,
            label: call.outcomes[resolution.outcome], number: call.number))
        _ = await clock.runReadyWork()
      }
    }
    for (index, step) in steps.enumerated() {
      try await resolve(before: index)
      await advance(clock, to: step)
      if step.environment != environment {
        // As `:env` does: effects are cancelled, and the state goes on in the new environment.
        environment = step.environment
        store.cancelRunningEffects()
        store = Self.makeStore(
          definition: definition, environmentName: environment, state: store.untrackedState,
          clock: clock, calls: calls, recorded: recorded, history: history)
      }
      if step.received {
        await waitForOutsideWork(until: index + 1, history: history, store: store, clock: clock)
        guard index < history.entries.count else {
          // Said before `abandon()` cancels what was running.
          let running = runningDescription(store)
          abandon()
          throw ReplayDivergence(
            message:
              "\(step.place): re-running the session, the effects did not send \(describe(step)) (\(running))"
          )
        }
      } else {
        if index < history.entries.count {
          abandon()
          throw ReplayDivergence(
            message:
              "\(step.place): re-running the session, the effects sent \(describe(history.entries[index])) before \(describe(step))"
          )
        }
        history.sender = step.origin
        IssueReporter.$current.withValue(quiet.reporter) {
          _ = store.send(step.action)
        }
        history.sender = nil
        _ = await clock.runReadyWork()
      }
      let entry = history.entries[index]
      guard entry.source == (step.received ? .received : .sent),
        Self.isSameAction(entry.action, step.action)
      else {
        abandon()
        let (gave, has) = describeApart(
          (entry.source == .received, entry.action), (step.received, step.action))
        throw ReplayDivergence(
          message: "\(step.place): re-running the session gave \(gave) where the history has \(has)"
        )
      }
      if step.received, entry.time != step.time {
        retimed.append((step.place, step.time, entry.time))
      }
    }
    try await resolve(before: steps.count)
    return Replay(
      clock: clock, calls: calls, recorded: recorded, answers: answers, store: store,
      history: history, environment: environment, warnings: quiet, retimed: retimed)
  }

  /// Puts a finished re-run in place of the session's store, clock and history, with the cursor
  /// after its last step.
  ///
  /// - Parameters:
  ///   - replay: The re-run.
  ///   - future: The history the re-run came from, whose steps after the cursor stay for `:jump`
  ///     when the re-run agrees with them.
  ///   - checked: How many of the re-run's steps were already checked against `future`.
  ///   - futureResolutions: The calls resolved in that history, whose later ones stay with its
  ///     steps.
  func adopt(
    _ replay: Replay, keepingFuture future: ArraySlice<Entry> = [],
    resolutions futureResolutions: [SessionHistory<State, Action>.Resolution] = [],
    checked: Int = 0
  ) {
    store.cancelRunningEffects()
    clock.abandonReadyWork()
    let reached = replay.history.entries.count
    replay.history.cursor = reached
    // The steps the effects took at once after the last checked one must be the future's own,
    // or that future can no longer be reached.
    let agrees = (checked..<reached).allSatisfy { index in
      future.indices.contains(index)
        && future[index].source == replay.history.entries[index].source
        && Self.isSameAction(future[index].action, replay.history.entries[index].action)
    }
    if agrees, future.endIndex > reached {
      replay.history.append(future: future[max(reached, future.startIndex)...], of: history)
      replay.history.resolutions += futureResolutions.filter { $0.index >= reached }
    }
    history = replay.history
    // The names seen so far are recollected from the new history.
    caseNameCache = (nil, [:])
    secretLabelCache = (nil, [])
    replay.warnings.forward(to: warnings)
    clock = replay.clock
    calls = replay.calls
    recorded = replay.recorded
    answers = replay.answers
    store = replay.store
    selectEnvironment(replay.environment)
    printed = reached
    resyncRealTime()
  }

  /// The steps of this session's own history, to re-run.
  /// Whether a re-run's action is the one the history has: equal, or (for an action that is not
  /// `Equatable`, or not equal to itself) written the same in Swift. Comparing first with `==`
  /// saves printing both on every step of a long load.
  static func isSameAction(_ first: Action, _ second: Action) -> Bool {
    if let isEqual = actionEquality, isEqual(first, second) { return true }
    return REPLFormat.source.source(first) == REPLFormat.source.source(second)
  }

  private static var actionEquality: ((Action, Action) -> Bool)? {
    runtimeEquality(for: Action.self)
  }

  /// Moves a re-run's clock to a step's time, in the order the recording gives: before a sent
  /// step, only what came before its instant runs (an answer that came at the same instant, after
  /// the action, is on a later line); before a received step, everything up to its instant does,
  /// even when the clock is already there.
  func advance(_ clock: ManualClock, to step: ReplayStep) async {
    let instant = ManualClock.Instant(offset: step.time)
    if step.received {
      if step.time >= clock.now.offset { await clock.advance(to: instant) }
    } else if step.time > clock.now.offset {
      await clock.advance(toJustBefore: instant)
    }
  }

  func replaySteps(_ entries: ArraySlice<Entry>) -> [ReplayStep] {
    entries.enumerated().map { offset, entry in
      ReplayStep(
        received: entry.source == .received, origin: entry.origin, action: entry.action,
        time: entry.time, environment: entry.environment,
        place: "step \(entries.startIndex + offset + 1)")
    }
  }

  /// An effect that does not run on the clock (a real network request) answers in real time:
  /// wait for it, within ``outsideWorkPatience``, while effects run and none sleeps on the clock.
  private func waitForOutsideWork(
    until count: Int, history: SessionHistory<State, Action>, store: Store<State, Action>,
    clock: ManualClock
  ) async {
    let deadline = ContinuousClock.now.advanced(by: Self.outsideWorkPatience)
    while history.entries.count < count, !store.runningEffects.isEmpty, clock.sleeperCount == 0,
      ContinuousClock.now < deadline
    {
      try? await Task.sleep(for: .milliseconds(5))
      _ = await clock.runReadyWork()
    }
  }

  private func describe(_ step: ReplayStep) -> String {
    describe(received: step.received, step.action)
  }

  private func describe(_ entry: Entry) -> String {
    describe(received: entry.source == .received, entry.action)
  }

  /// Two steps that differ, each as `:history` prints it, unless that hides where they differ
  /// (two long payloads alike in their first 80 characters): then each is shown around the first
  /// place they differ, `…"Brussels", population: 1019022…`.
  func describeApart(
    _ first: (received: Bool, action: Action), _ second: (received: Bool, action: Action)
  ) -> (String, String) {
    let short = (
      describe(received: first.received, first.action),
      describe(received: second.received, second.action)
    )
    guard short.0 == short.1 else { return short }
    let texts = [first, second].map {
      Array("\($0.received ? "←" : "→") \(REPLFormat.inspector.line($0.action))")
    }
    // Alike to the end: they differ in a value the inspector hides or rounds.
    guard texts[0] != texts[1] else {
      return (short.0, short.1 + " (they differ in a value that is not shown)")
    }
    let common = zip(texts[0], texts[1]).prefix { $0 == $1 }.count
    let start = max(0, common - 30)
    func window(_ text: [Character]) -> String {
      let end = min(text.count, common + 50)
      return (start > 0 ? "…" : "") + String(text[start..<end]) + (end < text.count ? "…" : "")
    }
    return (window(texts[0]), window(texts[1]))
  }

  /// `← .loginResponse(…)`, as `:history` prints a step.
  private func describe(received: Bool, _ action: Action) -> String {
    "\(received ? "←" : "→") \(REPLFormat.inspector.line(action, limit: 80))"
  }

  private func runningDescription(_ store: Store<State, Action>) -> String {
    let running = store.runningEffects.descriptions
    return running.isEmpty
      ? "no effect was running"
      : "still running: \(running.joined(separator: ", "))"
  }
}
