import TideRecord

/// "Did you mean": the known names closest to a misspelt one.
package enum Suggestions {
  package static func closest(
    to word: String, in candidates: some Collection<String>, limit: Int = 3
  )
    -> [String]
  {
    // Known names are short; comparing a huge word with them would only cost time.
    guard word.utf8.count <= InputLimits.suggestedWordLength * 4,
      word.count <= InputLimits.suggestedWordLength
    else { return [] }
    let word = word.lowercased()
    let scored = candidates.map { ($0, distance(word, $0.lowercased())) }
      .filter { candidate, score in
        score <= max(2, word.count / 3) || candidate.lowercased().hasPrefix(word)
      }
    return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
  }

  /// Levenshtein distance.
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The longest label whose near names ``labels(near:in:)`` tries.
  static let longestProbedLabel = 40

  /// The labels of `Key` one typo away from `label` (a letter missing, extra, wrong or two
  /// swapped, or a capital for a small letter): coding keys cannot be listed, but each name
  /// can be tried: about 130 names a letter of the label.
  static func labels<Key: CodingKey>(near label: String, in _: Key.Type) -> [String] {
    let letters = Array(label)
    guard letters.count <= longestProbedLabel else { return [] }
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
    var found: Set<String> = []
    func attempt(_ candidate: [Character]) {
      let name = String(candidate)
      // `_0`, `_1`: the keys of values without labels, which no one types.
      let isPositional = name.first == "_" && name.dropFirst().allSatisfy(\.isASCIIDigit)
      if !candidate.isEmpty, name != label, !isPositional, Key(stringValue: name) != nil {
        found.insert(name)
      }
    }
    for index in letters.indices {
      var removed = letters
      removed.remove(at: index)
      attempt(removed)
      if index + 1 < letters.count {
        var swapped = letters
        swapped.swapAt(index, index + 1)
        attempt(swapped)
      }
      for letter in alphabet {
        var replaced = letters
        replaced[index] = letter
        attempt(replaced)
      }
    }
    for index in 0...letters.count {
      for letter in alphabet {
        var inserted = letters
        inserted.insert(letter, at: index)
        attempt(inserted)
      }
    }
    attempt(Array(label.lowercased()))
    return found.sorted()
  }
}
