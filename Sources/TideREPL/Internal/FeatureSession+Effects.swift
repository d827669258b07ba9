import Foundation
import Tide
import TideInspect
import TideRecord

extension FeatureSession {
  func showEffects() {
    let running = store.runningEffects.descriptions
    if running.isEmpty {
      output.line("No effect is running.", .dim)
      return
    }
    for (number, effect) in running.enumerated() {
      output.line("  \(number + 1)  \(effect)", .effect)
    }
  }

  func cancelEffect(_ number: Int?) async throws(InputError) {
    let running = store.runningEffects.descriptions
    if let number {
      guard running.indices.contains(number - 1) else {
        throw InputError(
          message: "there is no running effect \(number) (\(running.count) running)", position: 0)
      }
      store.cancelRunningEffect(at: number - 1)
      output.line("cancelled \(running[number - 1])", .effect)
    } else {
      store.cancelRunningEffects()
      output.line(
        "cancelled \(running.count) running effect\(running.count == 1 ? "" : "s")", .effect)
    }
    await runReadyEffects()
  }

  func shutdown() {
    store.cancelRunningEffects()
  }
}
