import Tide
import TideInspect
import TideRecord

/// Following a served store (`tide attach`): its recording is replayed in the `replay`
/// environment as it arrives, so history, effects, diffs and exports work on it as on any
/// loaded recording. Calls whose answers have not arrived yet wait, as they do in the served
/// process, and go on when their answers arrive.
///
/// New lines extend the replay in place: the new answers are added, the new steps sent (or
/// expected from the effects) at their times. Only when that cannot be done (the first time, or
/// when the copy no longer agrees with the recording) is the whole recording re-run.
extension FeatureSession {
  func follow(_ file: SessionFile) async throws(InputError) {
    guard definition.recording != nil else {
      throw InputError(
        message:
          "\(featureName) cannot replay recordings, so tide cannot follow it: register REPLFeature(…, recording:)",
        position: 0)
    }
    if try await extendFollowing(file) {
      printNewEntries()
      return
    }
    let first = REPLRecording<Environment>.environmentName
    let steps = try followedSteps(of: file, from: 0)
    missingAnswers = .wait
    followReruns += 1
    let start = definition.initialState
    if following == nil, let mismatch = startMismatch(of: file, replayedFrom: start) {
      output.line("! \(mismatch)", .warning)
    }
    let replay: Replay
    do {
      replay = try await self.replay(
        steps, answers: file.answers, from: start, startingIn: first)
    } catch {
      following = nil
      throw InputError(message: error.message, position: 0)
    }
    // What the re-run reported was reported in the served process, each time it re-runs here.
    _ = replay.warnings.removeAll()
    let shown = printed
    adopt(replay)
    initialState = start
    startedAtStep = nil
    following = (steps: file.steps.count, answers: file.answers.count)
    printed = min(shown, history.cursor)
    printNewEntries()
  }

  /// The file's steps from `start`, decoded, each sent in the served process: by the app, or by
  /// a front attached to it.
  private func followedSteps(of file: SessionFile, from start: Int) throws(InputError)
    -> [ReplayStep]
  {
    var tail = file
    tail.steps = Array(file.steps[start...])
    return try replaySteps(of: tail, startingIn: REPLRecording<Environment>.environmentName).map {
      var step = $0
      if !step.received { step.origin = .app }
      return step
    }
  }

  /// Extends the copy with the lines after those it has taken in; `false` when it must be
  /// re-run from the start instead.
  private func extendFollowing(_ file: SessionFile) async throws(InputError) -> Bool {
    guard let following, file.steps.count >= following.steps,
      file.answers.count >= following.answers,
      environmentName == REPLRecording<Environment>.environmentName,
      history.cursor == history.entries.count
    else { return false }
    self.following = nil
    let newAnswers = Array(file.answers[following.answers...])
    answers += newAnswers
    recorded.add(newAnswers)
    let steps = try followedSteps(of: file, from: following.steps)
    for (offset, step) in steps.enumerated() {
      let index = following.steps + offset
      await advance(clock, to: step)
      if !step.received, index >= history.entries.count {
        history.sender = step.origin
        IssueReporter.$current.withValue(warnings.reporter) { _ = store.send(step.action) }
        history.sender = nil
      }
      _ = await clock.runReadyWork()
      // The copy must have taken the same step; if not, the whole recording is re-run.
      guard index < history.entries.count,
        history.entries[index].source == (step.received ? .received : .sent),
        Self.isSameAction(history.entries[index].action, step.action)
      else { return false }
    }
    // The answers that came without a step yet: their calls go on at their times.
    _ = await clock.runReadyWork()
    self.following = (steps: file.steps.count, answers: file.answers.count)
    return true
  }
}
