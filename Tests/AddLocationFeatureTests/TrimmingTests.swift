import Foundation
import Testing
import Tide

@testable import AddLocationFeature

/// The query is trimmed without Foundation, exactly as Foundation trims it.
@Suite struct TrimmingTests {
  /// Scalars that are white space to one definition or another, and some that are not.
  static let alphabet: [Unicode.Scalar] = [
    " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
    "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}",
    "\u{301}", "\u{0}", "a", "Z", "é", "😀", "\u{1F1E7}", "\u{1F1EA}",
  ]

  @Test func aSeededRandomThousandTrimAsFoundationTrims() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededRandom(seed: seed)
    for _ in 0..<1_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        scalars.append(Self.alphabet.randomElement(using: &random)!)
      }
      let text = String(scalars)
      let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard text.trimmingWhitespace == expected else {
        let codes = text.unicodeScalars.map { String($0.value, radix: 16) }
        let actual = text.trimmingWhitespace
        Issue.record(
          """
          seed \(seed): \(codes) trims to \(actual.debugDescription), \
          Foundation gives \(expected.debugDescription)
          """)
        return
      }
    }
  }

  @Test func edgeCases() {
    #expect("".trimmingWhitespace == "")
    #expect("   ".trimmingWhitespace == "")
    #expect("Bru".trimmingWhitespace == "Bru")
    #expect(" \r\nBru ssels\u{3000}".trimmingWhitespace == "Bru ssels")
    // A combining mark after a space stays: trimming goes scalar by scalar.
    #expect(" \u{301}x ".trimmingWhitespace == "\u{301}x")
  }
}
