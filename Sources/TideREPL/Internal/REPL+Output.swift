import Foundation
import TideExplore
import TideRecord

extension REPL {
  func echo(_ line: String) {
    if echoesPageLine {
      output.line("web> " + line, .received)
    } else if options.echoesInput {
      output.line(prompt + line, .dim)
    }
  }

  /// Prints an error for the line just echoed, and counts it.
  func fail(_ message: String, suggestions: [String] = []) {
    failedLineCount += 1
    lastFailure = message
    output.line("error: \(message)", .error)
    if !suggestions.isEmpty {
      output.line("did you mean \(suggestions.joined(separator: ", "))?", .error)
    }
  }

  /// Echoes a line that could not be read, with what might be secret hidden, and the error with a
  /// caret under its position. A long line is shown around the caret.
  func report(_ error: any Error, in line: String) {
    let mask = SecretMask(line, secretLabels: session.secretLabels)
    echo(mask.text)
    guard let error = error as? InputError else {
      fail("\(error)")
      return
    }
    let isSecret = mask.isSecret(error.position)
    fail(
      isSecret
        ? "this value is not valid here; it may be secret, so tide does not show or quote it"
        : error.message)
    // Positions count Unicode scalars, so the excerpt is cut in scalars too.
    let shown = Array(mask.text.unicodeScalars)
    var column = min(max(0, mask.position(error.position)), shown.count)
    var excerpt = shown
    let width = 100
    if shown.count > width {
      let start = max(0, min(column - width / 2, shown.count - width))
      let end = min(shown.count, start + width)
      excerpt = Array(shown[start..<end])
      column -= start
      if start > 0 {
        excerpt.insert("…", at: 0)
        column += 1
      }
      if end < shown.count { excerpt.append("…") }
    }
    output.line("  " + String(String.UnicodeScalarView(excerpt)), .plain)
    output.line("  " + String(repeating: " ", count: column) + "^", .error)
    if !isSecret, !error.suggestions.isEmpty {
      output.line("did you mean \(error.suggestions.joined(separator: ", "))?", .error)
    }
  }
}
