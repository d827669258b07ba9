extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and line breaks (CR included).
  package func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace })!
    return String(self[first...last])
  }
}

extension Character {
  /// `0` to `9` only: `isNumber` also says yes to `½` and `٣`.
  package var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
