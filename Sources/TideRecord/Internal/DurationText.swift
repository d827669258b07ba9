/// Durations as the REPL writes and reads them: `800ms` in session files and messages, with as many
/// decimals as the time has (`800.000125ms`: a recording on the real clock keeps its nanoseconds);
/// `300ms`, `1.5s`, `2m`, `1h`, `1e-3s` typed after `:advance`.
///
/// What ``format(_:)`` writes, ``parse(_:)`` reads back to the same duration, to the attosecond,
/// and no time a REPL clock reads (at most ``limit``) overflows a sum of them.
package enum DurationText {
  /// The furthest a REPL clock goes: a billion seconds, about 31.7 years.
  package static let limit = Duration.seconds(1_000_000_000)

  /// Attoseconds in a millisecond.
  private static let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000

  /// `800ms`, or `800.000125ms` for a time that is not whole milliseconds: exact, with no trailing
  /// zeros. A time past ``limit`` (which a REPL clock never reaches) is written in seconds rather
  /// than overflowing.
  package static func format(_ duration: Duration) -> String {
    if duration < .zero { return "-" + format(.zero - duration) }
    let (seconds, attoseconds) = duration.components
    let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return "\(seconds)s" }
    let whole = milliseconds + attoseconds / attosecondsPerMillisecond
    let rest = attoseconds % attosecondsPerMillisecond
    guard rest != 0 else { return "\(whole)ms" }
    var fraction = String(rest)
    fraction = String(repeating: "0", count: 15 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)ms"
  }

  /// Reads milliseconds written in digits exactly: `800ms`, `800.000125ms`, `.5ms`; `nil` for any
  /// other form (`1.5s`, `1e-3ms`).
  ///
  /// - Throws: ``InputError`` for more decimals than a duration keeps (fifteen: attoseconds) or
  ///   more milliseconds than ``limit``.
  static func exactMilliseconds(_ text: String) throws(InputError) -> Duration? {
    guard text.hasSuffix("ms") else { return nil }
    let number = text.dropLast(2)
    let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      parts.contains(where: { !$0.isEmpty })
    else { return nil }
    let wholeDigits = parts[0].drop { $0 == "0" }
    let fractionDigits = parts.count == 2 ? parts[1] : ""
    guard fractionDigits.count <= 15 else {
      throw InputError(
        message:
          "'\(text)' has more decimals than a time keeps (fifteen decimals of a millisecond)",
        position: 0)
    }
    guard wholeDigits.count <= 13,
      let milliseconds = Int64(wholeDigits.isEmpty ? "0" : wholeDigits),
      milliseconds <= Int64(limit.components.seconds) * 1000
    else {
      throw InputError(
        message: "'\(text)' is longer than a REPL clock can go (\(format(limit)), about 31 years)",
        position: 0)
    }
    var attoseconds: Int64 = 0
    if let digits = Int64(fractionDigits) {
      attoseconds = digits
      for _ in fractionDigits.count..<15 { attoseconds *= 10 }
    }
    let duration = Duration(
      secondsComponent: milliseconds / 1000,
      attosecondsComponent: (milliseconds % 1000) * attosecondsPerMillisecond + attoseconds)
    guard duration <= limit else {
      throw InputError(
        message: "'\(text)' is longer than a REPL clock can go (\(format(limit)), about 31 years)",
        position: 0)
    }
    return duration
  }

  /// Parses `300ms`, `0.25ms`, `1s`, `1.5s`, `2m`, `1h`, `1e-3s`: a non-negative number and a unit,
  /// at most ``limit``. Milliseconds written in digits (what ``format(_:)`` writes) are read
  /// exactly; any other form is rounded to the millisecond.
  ///
  /// - Throws: ``InputError`` saying what is wrong, at position 0.
  package static func parse(_ text: String) throws(InputError) -> Duration {
    let trimmed = text.trimmingWhitespace()
    if let exact = try exactMilliseconds(trimmed.lowercased()) { return exact }
    guard !trimmed.hasPrefix("-") else {
      throw InputError(message: "a duration cannot be negative ('\(trimmed)')", position: 0)
    }
    let units: [(suffix: String, seconds: Double)] = [
      ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600),
    ]
    let lowered = trimmed.lowercased()
    guard let unit = units.first(where: { lowered.hasSuffix($0.suffix) }),
      let value = Double(lowered.dropLast(unit.suffix.count)),
      // `Double("nan")`, `Double("inf")` and `Double("0x1p3")` parse; a duration is digits.
      lowered.dropLast(unit.suffix.count).allSatisfy({ "0123456789.e+-".contains($0) })
    else {
      throw InputError(
        message:
          "'\(trimmed)' is not a duration: write a number and a unit, such as 300ms, 1.5s, 2m or 1h",
        position: 0)
    }
    guard value >= 0 else {
      throw InputError(message: "a duration cannot be negative ('\(trimmed)')", position: 0)
    }
    let milliseconds = (value * unit.seconds * 1000).rounded()
    guard milliseconds <= Double(limit.components.seconds) * 1000 else {
      throw InputError(
        message:
          "'\(trimmed)' is longer than a REPL clock can go (\(format(limit)), about 31 years)",
        position: 0)
    }
    return .milliseconds(Int64(milliseconds))
  }
}
