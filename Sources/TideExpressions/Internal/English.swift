/// Small pieces of English for messages: "an Int", "1 step", "3 steps".
package enum English {
  /// `word` after "a" or "an", as it is read aloud: "an Int", "an App.Action", "a UInt8",
  /// "a User".
  package static func withArticle(_ word: String) -> String {
    "\(article(for: word)) \(word)"
  }

  package static func article(for word: String) -> String {
    let letters = Array(word.prefix(3))
    guard let first = letters.first?.lowercased() else { return "a" }
    if first == "u" {
      // "UInt", "URL", "UUID", "User", "Unicode", "Usual" start with a "you" sound.
      guard letters.count > 1 else { return "a" }
      if letters[1].isUppercase { return "a" }
      let start = String(letters).lowercased()
      return ["uni", "use", "usu", "uti", "ura", "uru", "ube"].contains(start) ? "a" : "an"
    }
    return "aeio".contains(first) ? "an" : "a"
  }

  /// `count` and the noun, singular for one: "1 step", "0 steps", "2 effects".
  package static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
  }
}
