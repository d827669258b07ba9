import Foundation

/// Folds names and queries into comparable byte strings: lowercase, without diacritics, with
/// punctuation turned into single spaces. "Saint-Étienne" and "saint etienne" give the same key.
enum SearchKey {
  static func make(_ text: String) -> [UInt8] {
    var key: [UInt8] = []
    key.reserveCapacity(text.utf8.count)
    var lastWasSpace = true
    func appendSpace() {
      if !lastWasSpace { key.append(0x20) }
      lastWasSpace = true
    }
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
          key.append(byte + 32)
          lastWasSpace = false
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          key.append(byte)
          lastWasSpace = false
        default:
          appendSpace()
        }
      } else if value == 0x2019 || value == 0x2018 || value == 0x00A0 {
        appendSpace()
      } else {
        let folded = fold(scalar)
        if folded.isEmpty { continue }
        key.append(contentsOf: folded)
        lastWasSpace = false
      }
    }
    if key.last == 0x20 { key.removeLast() }
    return key
  }

  /// Case and diacritic folding of one non-ASCII scalar, as UTF-8; a table covers the Latin
  /// ranges that place names use most, Foundation the rest.
  private static func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
    if scalar.value >= latinStart && scalar.value < latinStart + UInt32(latin.count) {
      return latin[Int(scalar.value - latinStart)]
    }
    return foundationFold(scalar)
  }

  private static let latinStart: UInt32 = 0x80
  private static let latin: [[UInt8]] = (0x80..<0x250).map { value in
    Unicode.Scalar(value).map(foundationFold) ?? []
  }

  private static func foundationFold(_ scalar: Unicode.Scalar) -> [UInt8] {
    let folded = String(Character(scalar)).folding(
      options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    // Combining marks fold to nothing; keep letters only.
    return Array(folded.lowercased().utf8)
  }

  /// Whether `key` starts with `prefix`.
  static func hasPrefix(_ key: [UInt8], _ prefix: [UInt8]) -> Bool {
    guard key.count >= prefix.count else { return false }
    for index in prefix.indices where key[index] != prefix[index] { return false }
    return true
  }

  /// Lexicographic byte order.
  static func less(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    lhs.lexicographicallyPrecedes(rhs)
  }
}
