/// The most the REPL reads at once. Everything it does with a line is linear in the line's
/// length, and these bounds keep even that short.
package enum InputLimits {
  /// The longest line, typed or in a file, in characters: about a megabyte of text, far more
  /// than any action a person types or a session saves.
  package static let lineLength = 1_000_000
  /// The longest word "did you mean" compares with known names; longer words get no
  /// suggestions (no name is that long).
  package static let suggestedWordLength = 100

  /// Throws when `line` is longer than ``lineLength``.
  package static func check(_ line: some StringProtocol, what: String = "the line")
    throws(InputError)
  {
    // `utf8.count` is O(1) for native strings; a line can only be too long in characters if it
    // is too long in bytes.
    guard line.utf8.count > lineLength else { return }
    let count = line.count
    guard count > lineLength else { return }
    throw InputError(
      message: "\(what) is \(count) characters long; a line may be at most \(lineLength)",
      position: 0)
  }
}
