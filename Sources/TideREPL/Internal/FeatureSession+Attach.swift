import Tide
import TideRecord

/// Following a served store (`tide attach`): its recording so far is re-run in the `replay`
/// environment each time more of it arrives, so history, effects, diffs and exports work on it
/// as on any loaded recording. Calls whose answers have not arrived yet wait, as they do in the
/// served process.
extension FeatureSession {
  func follow(_ file: SessionFile) async throws(InputError) {
    guard definition.recording != nil else {
      throw InputError(
        message:
          "\(featureName) cannot replay recordings, so tide cannot follow it: register REPLFeature(…, recording:)",
        position: 0)
    }
    let first = REPLRecording<Environment>.environmentName
    // Sent in the served process: by the app, or by a front attached to it.
    let steps = try replaySteps(of: file, startingIn: first).map { step in
      var step = step
      if !step.received { step.origin = .app }
      return step
    }
    missingAnswers = .wait
    let replay: Replay
    do {
      replay = try await self.replay(
        steps, answers: file.answers, from: definition.initialState, startingIn: first)
    } catch {
      throw InputError(message: error.message, position: 0)
    }
    // What the re-run reported was reported in the served process, each time it re-runs here.
    _ = replay.warnings.removeAll()
    let shown = printed
    adopt(replay)
    initialState = definition.initialState
    startedAtStep = nil
    printed = min(shown, history.cursor)
    printNewEntries()
  }
}
