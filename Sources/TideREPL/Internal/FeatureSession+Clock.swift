import Foundation
import Tide
import TideExpressions
import TideInspect
import TideRecord

extension FeatureSession {
  func switchEnvironment(_ name: String) throws(InputError) {
    guard definition.environments.contains(where: { $0.name == name }) else {
      throw InputError(
        message: "\(featureName) has no environment '\(name)'", position: 0,
        suggestions: Suggestions.closest(to: name, in: environmentNames))
    }
    if name == REPLRecording<Environment>.environmentName, answers.isEmpty {
      throw InputError(
        message:
          "no recording is loaded: the replay environment answers calls from one; :load or \(options.commandName) --open a recording first",
        position: 0)
    }
    selectEnvironment(name)
    rebuildStore(state: store.untrackedState)
    output.line("environment: \(name) (running effects were cancelled)", .heading)
  }

  func setClock(_ mode: REPLOptions.ClockMode) async {
    options.clock = mode
    resyncRealTime()
    output.line("clock: \(clockDescription)", .heading)
  }

  func advance(by duration: Duration) async throws(InputError) {
    let now = clock.now.offset
    guard duration <= DurationText.limit - now else {
      throw InputError(
        message:
          "the clock is at \(DurationText.format(now)); \(DurationText.format(duration)) more would take it past \(DurationText.format(DurationText.limit)), the furthest it goes",
        position: 0)
    }
    await clock.advance(by: duration)
    await runReadyEffects()
    // A real clock goes on from here: without this, it would wait for the wall clock to catch
    // up with the jump before moving again.
    resyncRealTime()
    output.line("clock: \(DurationText.format(clock.now.offset))", .dim)
  }

  /// In real-clock mode, moves the clock to the wall clock's time and prints what happened.
  func tick() async {
    guard options.clock == .real else { return }
    let now = min(realOffset + realStart.duration(to: ContinuousClock.now), DurationText.limit)
    guard now > clock.now.offset else { return }
    await clock.advance(to: ManualClock.Instant(offset: now))
    await runReadyEffects()
  }

  /// Makes the real clock run on from the session clock's current time. Called whenever the
  /// session clock moves by other means than the wall clock: `:advance`, `:clock`, time travel.
  func resyncRealTime() {
    realStart = ContinuousClock.now
    realOffset = clock.now.offset
  }
}
