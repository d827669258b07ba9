/// A problem with a line of input, at a position, for a caret under it: what the REPL and the
/// session files it shares with recordings report.
package struct InputError: Error, Equatable {
  package let message: String
  package let position: Int
  /// Names that were probably meant, for "did you mean".
  package var suggestions: [String] = []

  package init(message: String, position: Int, suggestions: [String] = []) {
    self.message = message
    self.position = position
    self.suggestions = suggestions
  }
}
