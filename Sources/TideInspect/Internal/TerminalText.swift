/// Text made safe to write to a terminal: what tide prints that did not come from tide itself (a
/// served process's feature name or error, a file's header lines, an action's text) goes
/// through here, so that no escape sequence in it can retitle, clear or take over the terminal.
package enum TerminalText {
  /// Whether a character shows nothing, or acts instead of showing: the controls, the line and
  /// paragraph separators, and the format characters but the zero-width joiner (which emoji
  /// sequences need).
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    // ASCII, most of what is printed, has only its controls to escape: no property lookup.
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    return switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    case .format: scalar != "\u{200D}"
    default: false
    }
  }

  /// `text` with every control and format character other than a line feed or a tab written as
  /// `\u{…}`: escape (`\u{1b}`), bell, carriage return, delete, the C1 controls (`\u{9b}` starts
  /// a sequence on some terminals), the line and paragraph separators, and the direction
  /// overrides that reorder what is shown.
  ///
  /// - Parameters:
  ///   - text: The text.
  package static func printable(_ text: String) -> String {
    func escapes(_ scalar: Unicode.Scalar) -> Bool {
      scalar != "\t" && scalar != "\n" && isInvisible(scalar)
    }
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if escapes(scalar) {
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
