import Testing

@testable import TideInspect

/// Text tide did not make is printed with its controls spelled out (issue 34, §6).
@Suite struct TerminalTextTests {
  @Test(
    arguments: [
      ("plain text, é and 🌊", "plain text, é and 🌊"),
      ("two\nlines\tand a tab", "two\nlines\tand a tab"),
      ("\u{1B}]0;title\u{07}", #"\u{1b}]0;title\u{7}"#),
      ("\u{1B}[2J\r\u{7F}", #"\u{1b}[2J\u{d}\u{7f}"#),
      ("\u{9B}31m", #"\u{9b}31m"#),
      ("a\u{2028}b\u{202E}c", #"a\u{2028}b\u{202e}c"#),
      ("👩\u{200D}💻", "👩\u{200D}💻"),
    ])
  func controlsAreSpelledOut(text: String, printed: String) {
    #expect(TerminalText.printable(text) == printed)
  }
}
