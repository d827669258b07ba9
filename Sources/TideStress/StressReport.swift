import Foundation

/// What one stress scenario found: how much it did, how long it took, and every broken promise.
public struct StressReport: Sendable, CustomStringConvertible {
  /// The scenario's name.
  public let name: String
  /// What it did, in words and numbers: `10,000 effects over 100 ids`.
  public let size: String
  /// Counts worth quoting: `late actions: 0 of 31,204`.
  public var details: [String] = []
  /// The broken promises, one line each; empty when the runtime kept them all.
  public var violations: [String] = []
  /// Wall-clock time of the measured part, in seconds.
  public var seconds: Double = 0

  /// A report with nothing found yet.
  ///
  /// ```swift
  /// var report = StressReport(name: "cancellation is final", size: "200 trials")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The scenario's name.
  ///   - size: What it does.
  public init(name: String, size: String) {
    self.name = name
    self.size = size
  }

  /// Whether every promise held.
  public var passed: Bool { violations.isEmpty }

  /// One line per fact: the verdict, the time and the details, then each violation.
  public var description: String {
    let verdict = passed ? "ok  " : "FAIL"
    let time = String(format: "%.3f s", seconds)
    var lines = ["\(verdict) \(name) (\(size)): \(time)"]
    lines += details.map { "       \($0)" }
    lines += violations.map { "       violation: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// Runs `body` and returns its wall-clock time in seconds.
@MainActor
func elapsedSeconds(_ body: @MainActor () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try await body()
  return (clock.now - start).seconds
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
