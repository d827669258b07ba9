/// Hides what might be secret in a line tide could not read, before it is echoed with a caret
/// under it.
///
/// A line that decodes is echoed as the inspector prints its action, with ``Redacting`` values
/// hidden. A line that does not decode has no action to ask, so two rules cover it:
/// - every string literal shows as `"••••••"`;
/// - after a name that is, or nearly is, a redacted label (`passwordChanged`, `password`, or a
///   misspelling such as `pasword`), its whole value is hidden: a parenthesised payload up to the
///   matching `)`, a labelled value up to the next `,` or `)`, otherwise the rest of the line.
///
/// An error whose position falls in a hidden part gets a message that quotes nothing.
struct SecretMask {
  /// The parts of the line that are hidden, as character ranges, in order and disjoint.
  private(set) var hidden: [Range<Int>] = []
  /// The hidden parts that hold a secret's value (rather than any string).
  private(set) var secret: [Range<Int>] = []
  private let characters: [Character]

  static let bullets = "••••••"

  /// Finds the parts of `line` to hide.
  ///
  /// - Parameters:
  ///   - line: The line as typed.
  ///   - secretLabels: The redacted labels of the feature's types.
  init(_ line: String, secretLabels: Set<String>) {
    characters = Array(line)
    let labels = secretLabels.map { $0.lowercased() }
    var index = 0
    var strings: [Range<Int>] = []
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        let end = Self.endOfString(characters, from: index)
        strings.append(index..<end)
        index = end
      } else if character.isLetter || character == "_" {
        let start = index
        while index < characters.count,
          characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
          index += 1
        }
        let word = String(characters[start..<index]).lowercased()
        if labels.contains(where: { Self.isNear(word, $0) }) {
          let value = Self.valueRange(characters, after: index)
          if !value.isEmpty {
            secret.append(value)
            index = value.upperBound
          }
        }
      } else {
        index += 1
      }
    }
    // Strings inside a secret value are part of it.
    hidden = (secret + strings.filter { string in !secret.contains { $0.overlaps(string) } })
      .sorted { $0.lowerBound < $1.lowerBound }
  }

  /// The line with its hidden parts replaced by bullets.
  var text: String {
    var result = ""
    var index = 0
    for range in hidden {
      result += String(characters[index..<range.lowerBound])
      let isString = characters[range.lowerBound] == "\""
      let isSecret = secret.contains(range)
      result += isString && !isSecret ? "\"\(Self.bullets)\"" : Self.bullets
      index = range.upperBound
    }
    return result + String(characters[index...])
  }

  /// Where a position of the line is in ``text``: a position inside a hidden part moves to its
  /// start.
  func position(_ position: Int) -> Int {
    var shift = 0
    for range in hidden {
      if position < range.lowerBound { break }
      if range.contains(position) { return range.lowerBound + shift }
      let isString = characters[range.lowerBound] == "\"" && !secret.contains(range)
      shift += (isString ? Self.bullets.count + 2 : Self.bullets.count) - range.count
    }
    return position + shift
  }

  /// Whether a position falls inside a secret's value.
  func isSecret(_ position: Int) -> Bool {
    // A value that runs to the end of the line also covers the position just after it, where
    // "found the end of the line" errors point.
    secret.contains { $0.contains(position) || $0.upperBound == position }
  }

  /// The index just after the closing quote of the string opening at `start`, or the end.
  private static func endOfString(_ characters: [Character], from start: Int) -> Int {
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
  private static func valueRange(_ characters: [Character], after end: Int) -> Range<Int> {
    var index = end
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    guard index < characters.count else { return end..<end }
    let opener = characters[index]
    if opener == "," || opener == ")" || opener == "]" { return end..<end }
    var start = opener == "(" || opener == ":" ? index + 1 : index
    while opener == ":", start < characters.count, characters[start].isWhitespace { start += 1 }
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

  /// Whether `word` is `label` or a likely misspelling of it (a few edits away).
  static func isNear(_ word: String, _ label: String) -> Bool {
    if word == label { return true }
    guard label.count >= 4, abs(word.count - label.count) <= 3 else { return false }
    return Suggestions.distance(word, label) <= max(2, label.count / 4)
  }
}
