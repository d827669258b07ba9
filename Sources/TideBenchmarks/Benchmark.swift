#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One row of the results table.
struct BenchmarkRow {
  let group: String
  let name: String
  let nanoseconds: Double
  /// The row this one is compared to; `nil` for a baseline.
  let baseline: String?
  /// The baseline's time when it was measured in rounds alternating with this row's (see
  /// ``measureAlternating(operations:rounds:_:and:)``): the ratio then compares the two in the
  /// same phase of the machine, rather than with the baseline's row measured earlier.
  let pairedBaseline: Double?
  let target: Target
  let note: String

  init(
    group: String, name: String, nanoseconds: Double, baseline: String? = nil,
    pairedBaseline: Double? = nil, target: Target = .none, note: String = ""
  ) {
    self.group = group
    self.name = name
    self.nanoseconds = nanoseconds
    self.baseline = baseline
    self.pairedBaseline = pairedBaseline
    self.target = target
    self.note = note
  }
}

/// What a row must show, as the table says it and as a check of the row's figures: the table's
/// "met" column is the check, so it and Docs/Performance.md agree at a glance.
struct Target: Sendable {
  /// The words in the table: `≤ 2× root send`.
  let text: String
  /// Whether a row with these nanoseconds per operation and this ratio to its baseline meets it.
  let isMet: @Sendable (_ nanoseconds: Double, _ ratio: Double?) -> Bool

  /// No target: the row is there to be read.
  static let none = Target(text: "") { _, _ in true }

  /// A ratio to the row's baseline of at most `limit` (`strict`: below it).
  static func ratio(atMost limit: Double, strict: Bool = false, _ text: String) -> Target {
    Target(text: text) { _, ratio in
      guard let ratio else { return false }
      return strict ? ratio < limit : ratio <= limit
    }
  }

  /// A time per operation of at most `limit` nanoseconds (`strict`: below it).
  static func time(atMost limit: Double, strict: Bool = false, _ text: String) -> Target {
    Target(text: text) { nanoseconds, _ in strict ? nanoseconds < limit : nanoseconds <= limit }
  }

  /// At least `perSecond` operations a second.
  static func rate(atLeast perSecond: Double, _ text: String) -> Target {
    Target(text: text) { nanoseconds, _ in nanoseconds > 0 && 1e9 / nanoseconds >= perSecond }
  }

  /// A target checked by the benchmark itself, from figures the row's note gives.
  static func checked(_ text: String, met: Bool) -> Target {
    Target(text: text) { _, _ in met }
  }

  /// Every one of `targets`, in words joined by "and".
  static func all(_ targets: [Target]) -> Target {
    Target(text: targets.map(\.text).joined(separator: " and ")) { nanoseconds, ratio in
      targets.allSatisfy { $0.isMet(nanoseconds, ratio) }
    }
  }
}

/// Keeps the optimizer from deleting the work a benchmark measures.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Returns its argument through a call the optimizer cannot see into, so a benchmark's baseline
/// cannot be folded away at compile time.
@inline(never)
func opaque<T>(_ value: T) -> T {
  value
}

/// Runs `body` (which performs `operations` operations) `rounds` times and returns the best time
/// per operation in nanoseconds: the least disturbed by the rest of the machine.
func measure(
  operations: Int, rounds: Int = 5, _ body: () -> Void
) -> Double {
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000_000)
  body()  // warm up
  for _ in 0..<rounds {
    let elapsed = clock.measure(body)
    best = min(best, elapsed)
  }
  return nanoseconds(best) / Double(operations)
}

/// The same, for asynchronous work on the main actor.
@MainActor
func measure(
  operations: Int, rounds: Int = 5, _ body: () async -> Void
) async -> Double {
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000_000)
  await body()
  for _ in 0..<rounds {
    let start = clock.now
    await body()
    best = min(best, start.duration(to: clock.now))
  }
  return nanoseconds(best) / Double(operations)
}

/// Measures two bodies in alternating rounds and returns each one's best time per operation in
/// nanoseconds: for a ratio that must not depend on the machine's phase when each was measured
/// (a root send measured first and an element action a minute later can land in phases 15% apart
/// on a shared machine).
func measureAlternating(
  operations: Int, rounds: Int = 5, _ first: () -> Void, and second: () -> Void
) -> (first: Double, second: Double) {
  let clock = ContinuousClock()
  var best = (first: Duration.seconds(1_000_000), second: Duration.seconds(1_000_000))
  first()
  second()
  for _ in 0..<rounds {
    best.first = min(best.first, clock.measure(first))
    best.second = min(best.second, clock.measure(second))
  }
  return (
    nanoseconds(best.first) / Double(operations), nanoseconds(best.second) / Double(operations)
  )
}

/// Measures two asynchronous bodies in alternating rounds and returns each one's best time per
/// operation in nanoseconds: for a ratio between costs that drift with the machine's phase.
@MainActor
func measureAlternating(
  operations: Int, rounds: Int, _ first: () async -> Void, and second: () async -> Void
) async -> (first: Double, second: Double) {
  let clock = ContinuousClock()
  var best = (first: Duration.seconds(1_000_000), second: Duration.seconds(1_000_000))
  await first()
  await second()
  for _ in 0..<rounds {
    var start = clock.now
    await first()
    best.first = min(best.first, start.duration(to: clock.now))
    start = clock.now
    await second()
    best.second = min(best.second, start.duration(to: clock.now))
  }
  return (
    nanoseconds(best.first) / Double(operations), nanoseconds(best.second) / Double(operations)
  )
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// What this process has used so far (`getrusage` of itself); zeros when it cannot be read.
func processUsage() -> rusage {
  var usage = rusage()
  #if os(Linux)
    let who = RUSAGE_SELF.rawValue
  #else
    let who = RUSAGE_SELF
  #endif
  guard getrusage(who, &usage) == 0 else { return rusage() }
  return usage
}

/// The processor time this process has used, user and system, in seconds.
func processCPUSeconds() -> Double {
  let usage = processUsage()
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// The peak resident set size of this process so far, in bytes.
func peakResidentMemory() -> Int {
  let usage = processUsage()
  #if os(Linux)
    return usage.ru_maxrss * 1024  // kilobytes on Linux
  #else
    return usage.ru_maxrss  // bytes on Darwin
  #endif
}

/// Prints rows as a Markdown table, with each row's ratio to its baseline and whether it meets
/// its target, then a line that counts the targets met.
///
/// - Returns: Whether every target was met.
@discardableResult
func printTable(_ rows: [BenchmarkRow]) -> Bool {
  let byName = Dictionary(rows.map { ($0.name, $0.nanoseconds) }, uniquingKeysWith: { a, _ in a })
  print("| group | benchmark | ns/op | ratio | target | met | note |")
  print("| --- | --- | ---: | ---: | --- | --- | --- |")
  var targets = 0
  var missed: [String] = []
  for row in rows {
    let ratioText: String
    var ratio: Double?
    if let baseline = row.baseline, let base = row.pairedBaseline ?? byName[baseline], base > 0 {
      let value = row.nanoseconds / base
      ratio = value
      ratioText =
        format(value, digits: value < 0.1 ? 4 : 2) + "× " + baseline
        + (row.pairedBaseline == nil ? "" : " (alternating rounds: \(format(base, digits: 1)) ns)")
    } else {
      ratioText = "baseline"
    }
    var met = ""
    if !row.target.text.isEmpty {
      targets += 1
      let isMet = row.target.isMet(row.nanoseconds, ratio)
      if !isMet { missed.append(row.name) }
      met = isMet ? "yes" : "**no**"
    }
    print(
      "| \(row.group) | \(row.name) | \(format(row.nanoseconds, digits: 1)) | \(ratioText) | \(row.target.text) | \(met) | \(row.note) |"
    )
  }
  print("")
  print(
    "targets met: \(targets - missed.count) of \(targets)"
      + (missed.isEmpty ? "" : "; missed: " + missed.joined(separator: "; ")))
  return missed.isEmpty
}

func format(_ value: Double, digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = "\(rounded)"
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  }
  return text
}
