/// Writes text as a JSON string that stays on one line: the recording's answer lines and the
/// attach protocol's lines both use it. Nothing here needs Foundation, so the fuzzers build it
/// with the readers that use it.
package enum JSONQuoting {
  /// `text` as a JSON string: quotes, backslashes and control characters escaped, and every
  /// other character that some reader takes for a line break (U+0085, U+2028, U+2029) too.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}"
        || scalar == "\u{2029}" || scalar == "\u{85}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
