/// Durations as the REPL writes and reads them: `800ms` in session files and messages; `300ms`,
/// `1.5s`, `2m`, `1e-3s` typed after `:advance`.
///
/// A REPL clock reads at most ``limit``, so every time it prints, saves or loads is exact in
/// milliseconds and no sum of them overflows.
package enum DurationText {
  /// The furthest a REPL clock goes: a billion seconds, about 31.7 years.
  package static let limit = Duration.seconds(1_000_000_000)

  /// `800ms`. Whole milliseconds; a time past ``limit`` (which a REPL clock never reaches) is
  /// written in seconds rather than overflowing.
  package static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return "\(seconds)s" }
    return "\(milliseconds + attoseconds / 1_000_000_000_000_000)ms"
  }

  /// Parses `300ms`, `1s`, `1.5s`, `2m`, `1e-3s`: a non-negative number and a unit, at most
  /// ``limit``, rounded to the millisecond.
  ///
  /// - Throws: ``InputError`` saying what is wrong, at position 0.
  package static func parse(_ text: String) throws(InputError) -> Duration {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.hasPrefix("-") else {
      throw InputError(message: "a duration cannot be negative ('\(trimmed)')", position: 0)
    }
    let units: [(suffix: String, milliseconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
    let lowered = trimmed.lowercased()
    guard let unit = units.first(where: { lowered.hasSuffix($0.suffix) }),
      let value = Double(lowered.dropLast(unit.suffix.count)),
      // `Double("nan")`, `Double("inf")` and `Double("0x1p3")` parse; a duration is digits.
      lowered.dropLast(unit.suffix.count).allSatisfy({ "0123456789.e+-".contains($0) })
    else {
      throw InputError(
        message:
          "'\(trimmed)' is not a duration: write a number and a unit, such as 300ms, 1.5s or 2m",
        position: 0)
    }
    guard value >= 0 else {
      throw InputError(message: "a duration cannot be negative ('\(trimmed)')", position: 0)
    }
    let milliseconds = (value * unit.milliseconds * 1000).rounded()
    guard milliseconds <= Double(limit.components.seconds) * 1000 else {
      throw InputError(
        message:
          "'\(trimmed)' is longer than a REPL clock can go (\(format(limit)), about 31 years)",
        position: 0)
    }
    return .milliseconds(Int64(milliseconds))
  }
}
