import Foundation
import Tide
import TideExplore
import TideExpressions
import TideInspect
import TideRecord

extension FeatureSession {
  /// Goes to step `index` of the history by re-running the session up to it (see
  /// `FeatureSession+Replay`): the effects in flight at that step are in flight again. When the
  /// step's effects took more steps at once (a `.send`), it lands after them and says so.
  func jump(to index: Int) async throws(InputError) {
    guard (0...entries.count).contains(index) else {
      throw InputError(
        message: "there is no step \(index); the history has steps 0 to \(entries.count)",
        position: 0)
    }
    let before = store.untrackedState
    let environmentBefore = environmentName
    let total = entries.count
    let replay: Replay
    do {
      replay = try await self.replay(
        replaySteps(entries[..<index]), resolutions: history.resolutions(before: index),
        startingIn: entries.first?.environment ?? environmentName)
    } catch {
      throw InputError(message: "\(error.message); the session is unchanged", position: 0)
    }
    adopt(
      replay, keepingFuture: entries[...], resolutions: history.resolutions, checked: index)
    let reached = cursor
    var heading = "⟲ step \(reached) of \(total), re-run from the initial state"
    if reached > index {
      heading +=
        " (step \(index)'s effects took \(English.count(reached - index, "more step")) at once)"
    }
    if environmentName != environmentBefore {
      heading += "; environment: \(environmentName), as at that step"
    }
    output.line(heading, .heading)
    if let diff = REPLFormat.inspector.diff(before, store.untrackedState) { output.diff(diff) }
    let running = store.runningEffects.descriptions
    if !running.isEmpty {
      output.line(
        "    in flight again: \(running.joined(separator: ", "))", .effect)
    }
  }

  func back(_ steps: Int) async throws(InputError) {
    guard steps > 0 else { throw InputError(message: ":back takes a positive number", position: 0) }
    guard cursor > 0 else {
      throw InputError(message: "already at step 0, the initial state", position: 0)
    }
    try await jump(to: max(0, cursor - min(steps, cursor)))
  }

  func undo() async throws(InputError) {
    guard let last = entries[..<cursor].lastIndex(where: { $0.source == .sent }) else {
      throw InputError(message: "nothing to undo", position: 0)
    }
    try await jump(to: last)
  }

  func reset() {
    store.cancelRunningEffects()
    clock.abandonReadyWork()
    clock = ManualClock()
    calls = ExploreCalls()
    recorded = RecordedCalls(replaying: answers, clock: clock)
    history = Self.makeHistory(definition: definition)
    let start = definition.initialState
    initialState = start
    startedAtStep = nil
    printed = 0
    store = Self.makeStore(
      definition: definition, environmentName: environmentName, state: start,
      clock: clock, calls: calls, recorded: recorded, history: history)
    resyncRealTime()
    output.line("⟲ reset \(featureName) to its initial state", .heading)
  }
}
