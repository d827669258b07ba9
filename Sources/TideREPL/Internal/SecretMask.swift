import TideExpressions
import TideRecord

/// Hides what might be secret in a line tide could not read, before it is echoed with a caret
/// under it.
///
/// A line that decodes is echoed as the inspector prints its action, with ``Redacting`` values
/// hidden. A line that does not decode has no action to ask, so two rules cover it:
/// - every string literal shows as `"••••••"`, and so does a word that touches a quote (quotes
///   that pair up wrongly, as in `""secret"`, would otherwise leave a string's text bare);
/// - after a name that is, or nearly is, a redacted label (`passwordChanged`, `password`, or a
///   misspelling such as `pasword`), its whole value is hidden: a parenthesised payload up to the
///   matching `)`, a labelled value up to the next `,` or `)`, otherwise the rest of the line.
///
/// An error whose position falls in a hidden part gets a message that quotes nothing. Positions
/// count Unicode scalars, as the parser's do.
struct SecretMask {
  /// What a hidden part is, which decides how it is shown.
  enum Kind {
    /// A string literal: `"••••••"`.
    case string
    /// A word touching a quote: `••••••`.
    case word
    /// A secret's value: `••••••`.
    case secret
  }

  /// The parts of the line that are hidden, in order and disjoint.
  private(set) var hidden: [(range: Range<Int>, kind: Kind)] = []
  private let characters: [Unicode.Scalar]

  static let bullets = "••••••"

  /// Finds the parts of `line` to hide, in one pass.
  ///
  /// - Parameters:
  ///   - line: The line as typed.
  ///   - secretLabels: The redacted labels of the feature's types; empty to hide strings only.
  init(_ line: String, secretLabels: Set<String>) {
    characters = Array(line.unicodeScalars)
    let labels = secretLabels.map { $0.lowercased() }
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        let end = Self.endOfString(characters, from: index)
        hidden.append((index..<end, .string))
        index = end
      } else if character.isWordStart || character.isASCIIDigit {
        let start = index
        while index < characters.count, characters[index].isWordPart {
          index += 1
        }
        let touchesQuote =
          (start > 0 && characters[start - 1] == "\"")
          || (index < characters.count && characters[index] == "\"")
        if touchesQuote {
          hidden.append((start..<index, .word))
          continue
        }
        let word = String(String.UnicodeScalarView(characters[start..<index])).lowercased()
        if labels.contains(where: { Self.isNear(word, $0) }) {
          // The value, strings and all, is one hidden part: the scan goes on after it.
          let value = Self.valueRange(characters, after: index)
          if !value.isEmpty {
            hidden.append((value, .secret))
            index = value.upperBound
          }
        }
      } else {
        index += 1
      }
    }
  }

  /// The line with its hidden parts replaced by bullets.
  var text: String {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(characters.count)
    var index = 0
    for part in hidden {
      result += characters[index..<part.range.lowerBound]
      result += Self.replacement(for: part.kind).unicodeScalars
      index = part.range.upperBound
    }
    result += characters[index...]
    var view = String.UnicodeScalarView()
    view.append(contentsOf: result)
    return String(view)
  }

  /// `"••••••"` for a string, `••••••` for anything else.
  private static func replacement(for kind: Kind) -> String {
    kind == .string ? "\"\(bullets)\"" : bullets
  }

  /// Where a position of the line is in ``text``: a position inside a hidden part moves to its
  /// start.
  func position(_ position: Int) -> Int {
    var shift = 0
    for part in hidden {
      if position < part.range.lowerBound { break }
      if part.range.contains(position) { return part.range.lowerBound + shift }
      shift += Self.replacement(for: part.kind).unicodeScalars.count - part.range.count
    }
    return position + shift
  }

  /// Whether a position falls inside a secret's value.
  func isSecret(_ position: Int) -> Bool {
    // A value that runs to the end of the line also covers the position just after it, where
    // "found the end of the line" errors point.
    hidden.contains { part in
      part.kind == .secret
        && (part.range.contains(position) || part.range.upperBound == position)
    }
  }

  /// The index just after the closing quote of the string opening at `start`, or the end.
  private static func endOfString(_ characters: [Unicode.Scalar], from start: Int) -> Int {
    var index = start + 1
    while index < characters.count {
      switch characters[index] {
      case "\\": index += 2
      case "\"": return index + 1
      default: index += 1
      }
    }
    return characters.count
  }

  /// The value after a secret name ending at `end`: `(…)` to its matching `)`, `: …` to the next
  /// `,` or `)` at its level, anything else to the end of the line; empty when nothing follows.
  private static func valueRange(_ characters: [Unicode.Scalar], after end: Int) -> Range<Int> {
    var index = end
    while index < characters.count, characters[index].properties.isWhitespace { index += 1 }
    guard index < characters.count else { return end..<end }
    let opener = characters[index]
    if opener == "," || opener == ")" || opener == "]" { return end..<end }
    var start = opener == "(" || opener == ":" ? index + 1 : index
    while opener == ":", start < characters.count, characters[start].properties.isWhitespace {
      start += 1
    }
    var depth = 0
    var cursor = start
    while cursor < characters.count {
      switch characters[cursor] {
      case "\"":
        cursor = endOfString(characters, from: cursor)
        continue
      case "(", "[":
        depth += 1
      case ")", "]":
        if depth == 0 { return start..<cursor }
        depth -= 1
      case "," where depth == 0 && opener == ":":
        return start..<cursor
      default:
        break
      }
      cursor += 1
    }
    return start..<characters.count
  }

  /// Whether `word` is `label`, holds it (`setPassword`, `passwordTyped`), or is a likely
  /// misspelling of it (a few edits away).
  static func isNear(_ word: String, _ label: String) -> Bool {
    if word == label { return true }
    guard label.count >= 4 else { return false }
    if word.count <= 100, word.contains(label) { return true }
    guard abs(word.count - label.count) <= 3 else { return false }
    return Suggestions.distance(word, label) <= max(2, label.count / 4)
  }
}
