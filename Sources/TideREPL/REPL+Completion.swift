import Foundation
import TideExplore
import TideRecord

extension REPL {
  /// Completions for the text before the cursor: commands after `:`, case names after `.`.
  ///
  /// <!-- example: given repl: REPL -->
  /// ```swift
  /// repl.completions(for: ":st")        // [":state"]
  /// repl.completions(for: ".login(.pa") // [".login(.passwordChanged"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The line up to the cursor.
  /// - Returns: Whole replacements for `text`, sorted.
  public func completions(for text: String) -> [String] {
    if text.hasPrefix(":") {
      if let space = text.firstIndex(of: " ") {
        let command = String(text[..<space])
        let argument = text[text.index(after: space)...]
        let candidates: [String]
        switch command {
        case ":use": candidates = features.map(\.name)
        case ":env": candidates = session.environmentNames
        case ":clock": candidates = REPLOptions.ClockMode.allCases.map(\.rawValue)
        case ":explore": candidates = session.canExplore ? ["exhaustive", "random"] : []
        default: candidates = []
        }
        return candidates.filter { $0.hasPrefix(argument) }.map { "\(command) \($0)" }.sorted()
      }
      return Self.commands.map(\.name).filter { $0.hasPrefix(text) }.sorted()
    }
    guard let dot = text.lastIndex(of: ".") else { return [] }
    let partial = String(text[text.index(after: dot)...])
    guard partial.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return [] }
    let head = String(text[...dot])
    let names =
      head == "."
      ? session.topLevelCaseNames : Set(session.caseNames.values.flatMap { $0 }).sorted()
    return names.filter { $0.hasPrefix(partial) }.map { head + $0 }
  }
}
