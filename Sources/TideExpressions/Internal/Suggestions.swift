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
}
