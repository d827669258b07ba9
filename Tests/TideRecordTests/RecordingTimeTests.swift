import Foundation
import Testing
import TideRecord

@testable import Tide

/// Times in recordings (issue 33, §4): a recording made on the real clock keeps every time to the
/// attosecond, so it reads back equal to itself, and events that fall in one millisecond keep the
/// order their lines give. A failure prints the seed; rerun it with
/// `TIDE_FUZZ_SEED=N swift test --filter RecordingTimeTests`.
@Suite struct RecordingTimeTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_FUZZ_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  /// `t` as a file writes it, computed here on its own: whole milliseconds, then the rest in up to
  /// fifteen decimals without trailing zeros.
  static func written(_ time: Duration) -> String {
    let (seconds, attoseconds) = time.components
    let perMillisecond: Int64 = 1_000_000_000_000_000
    let whole = seconds * 1000 + attoseconds / perMillisecond
    var rest = String(attoseconds % perMillisecond)
    if rest == "0" { return "\(whole)ms" }
    rest = String(repeating: "0", count: 15 - rest.count) + rest
    while rest.last == "0" { rest.removeLast() }
    return "\(whole).\(rest)ms"
  }

  @Test func aRealClockRecordingReadsBackEqualToItselfWithEveryTimeExact() throws {
    var random = SeededRandom(seed: Self.seed)
    for round in 0..<200 {
      var time = Duration.zero
      var text = "# tide session\n# feature: quotes\n"
      var times: [Duration] = []
      for step in 0..<Int.random(in: 1...30, using: &random) {
        // Real clocks tick in nanoseconds; some gaps are none at all, some attoseconds.
        switch Int.random(in: 0..<4, using: &random) {
        case 0: break
        case 1: time += .nanoseconds(Int64.random(in: 1...999_999, using: &random))
        case 2: time += .milliseconds(Int64.random(in: 0...5_000, using: &random))
        default:
          time += Duration(
            secondsComponent: 0,
            attosecondsComponent: Int64.random(in: 1...999_999_999, using: &random))
        }
        times.append(time)
        let kind = step.isMultiple(of: 3) ? "receive" : "send"
        text += "\(kind) @\(Self.written(time)) .step\(step)\n"
      }
      let recording = try Recording(parsing: text)
      #expect(
        recording.steps.map(\.time) == times, "seed \(Self.seed), round \(round):\n\(text)")
      #expect(
        try Recording(parsing: recording.text) == recording,
        "seed \(Self.seed), round \(round):\n\(text)")
      #expect(recording.text == text, "seed \(Self.seed), round \(round)")
    }
  }

  @Test(
    arguments: [
      ("0ms", Duration.zero), ("1ms", .milliseconds(1)), ("0.000001ms", .nanoseconds(1)),
      ("1.5ms", .microseconds(1500)),
      ("0.000000000000001ms", Duration(secondsComponent: 0, attosecondsComponent: 1)),
      ("1000000000000ms", .seconds(1_000_000_000)), (".5ms", .microseconds(500)),
      ("2.ms", .milliseconds(2)), ("007.250ms", .microseconds(7250)),
    ])
  func aTimeReadsExactly(text: String, time: Duration) throws {
    let recording = try Recording(parsing: "# tide session\nsend @\(text) .tapped\n")
    #expect(recording.steps.first?.time == time)
    #expect(recording.text.contains("send @\(Self.written(time)) .tapped"))
  }

  @Test(
    arguments: [
      "0.0000000000000001ms", "1..5ms", "1000000000001ms", "1000000000000.001ms", "-1ms",
      ".ms",
    ])
  func aTimeThatCannotBeExactIsRefused(text: String) {
    #expect(throws: RecordingError.self) {
      try Recording(parsing: "# tide session\nsend @\(text) .tapped\n")
    }
  }
}
