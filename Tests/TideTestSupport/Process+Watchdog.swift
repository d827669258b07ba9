import Dispatch
import Foundation

extension Process {
  /// Kills the process if it still runs `seconds` from now: a child that hangs then fails its
  /// test (its output ends, its status is a signal's) instead of holding the whole suite.
  ///
  /// A failure detector only: nothing waits for it, and a process that ends in time is left
  /// alone.
  ///
  /// - Parameter seconds: How long the process may run.
  public func killIfRunning(after seconds: Int) {
    let process = self
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
      guard process.isRunning else { return }
      kill(process.processIdentifier, SIGKILL)
    }
  }
}
