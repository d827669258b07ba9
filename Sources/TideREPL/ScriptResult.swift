import TideExpressions

/// What ``REPL/runScript(_:waitingAtMost:)`` did.
public struct ScriptResult: Sendable, Equatable {
  /// How many lines the script has.
  public var lineCount: Int
  /// The numbers (from 1) of the lines that failed.
  public var failedLines: [Int]
  /// The effects still running at the end, as their descriptions print them.
  public var stillRunning: [String]

  /// Creates a result, for a front that runs lines itself.
  ///
  /// ```swift
  /// ScriptResult(lineCount: 14, failedLines: [3, 9], stillRunning: []).summary
  /// // "2 of 14 lines failed: lines 3 and 9"
  /// ```
  ///
  /// - Parameters:
  ///   - lineCount: How many lines ran.
  ///   - failedLines: The numbers (from 1) of those that failed.
  ///   - stillRunning: The effects still running at the end.
  public init(lineCount: Int, failedLines: [Int], stillRunning: [String]) {
    self.lineCount = lineCount
    self.failedLines = failedLines
    self.stillRunning = stillRunning
  }

  /// One line for a script that had failures, such as
  /// `2 of 14 lines failed: lines 3 and 9`; `nil` when none failed.
  public var summary: String? {
    guard !failedLines.isEmpty else { return nil }
    let shown = failedLines.prefix(10).map(String.init)
    var list: String
    switch shown.count {
    case 1: list = "line \(shown[0])"
    case 2: list = "lines \(shown[0]) and \(shown[1])"
    default: list = "lines " + shown.joined(separator: ", ")
    }
    if failedLines.count > shown.count { list += ", …" }
    return
      "\(failedLines.count) of \(English.count(lineCount, "line")) failed: \(list)"
  }
}
