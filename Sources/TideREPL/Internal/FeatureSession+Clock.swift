import Foundation
import Tide
import TideInspect

extension FeatureSession {
  func switchEnvironment(_ name: String) throws(InputError) {
    guard definition.environments.contains(where: { $0.name == name }) else {
      throw InputError(
        message: "\(featureName) has no environment '\(name)'", position: 0,
        suggestions: Suggestions.closest(to: name, in: environmentNames))
    }
    selectEnvironment(name)
    rebuildStore(state: store.state)
    output.line("environment: \(name) (running effects were cancelled)", .heading)
  }

  func setClock(_ mode: REPLOptions.ClockMode) async {
    options.clock = mode
    realStart = ContinuousClock.now
    realOffset = clock.now.offset
    output.line("clock: \(clockDescription)", .heading)
  }

  func advance(by duration: Duration) async {
    await clock.advance(by: duration)
    await runReadyEffects()
    output.line("clock: \(REPLFormat.duration(clock.now.offset))", .dim)
  }

  /// In real-clock mode, moves the clock to the wall clock's time and prints what happened.
  func tick() async {
    guard options.clock == .real else { return }
    let now = realOffset + realStart.duration(to: ContinuousClock.now)
    guard now > clock.now.offset else { return }
    await clock.advance(to: ManualClock.Instant(offset: now))
    await runReadyEffects()
  }
}
