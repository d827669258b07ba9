import Foundation
import Testing
import Tide
import TideREPL

/// The transcript only ever shows what happened: time travel mixed at random with sends,
/// `:advance`, `:resolve` and effects, and after every line the steps the transcript has shown
/// since the last `⟲ step k` line are exactly the steps `:history` says came after step k.
///
/// A failure prints the seed and the lines; rerun it with
/// `TIDE_TRAVEL_SEED=N swift test --filter TimeTravelTranscript`.
@MainActor
@Suite struct TimeTravelTranscriptTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_TRAVEL_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  /// The steps a transcript has shown and not taken back, read line by line. A `⟲ step k` line
  /// puts the session after step k, whose steps it does not list: they count as `travelled`.
  struct ShownSteps {
    static let travelled = "(travelled)"
    private(set) var steps: [String] = []

    /// Whether these are the steps of `history`, where they were shown.
    func agree(with history: [String]) -> Bool {
      steps.count == history.count
        && zip(steps, history).allSatisfy { $0 == Self.travelled || $0 == $1 }
    }

    mutating func read(_ output: String) {
      for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("→ ") || line.hasPrefix("← ") {
          steps.append(String(line))
        } else if line.hasPrefix("⟲ reset") {
          steps = []
        } else if line.hasPrefix("⟲ step ") {
          let number = line.dropFirst("⟲ step ".count).prefix { $0.isNumber }
          steps = Array(repeating: Self.travelled, count: Int(number) ?? -1)
        }
      }
    }
  }

  /// The steps up to the cursor, as `:history` lists them: `▸  2  → .set(to: 5)  @0ms`.
  static func stepsToCursor(_ history: String) -> [String] {
    var steps: [String] = []
    for line in history.split(separator: "\n") {
      guard line.first == "▸" || line.first == " " else { continue }
      let fields = line.dropFirst().drop { $0 == " " }
      guard let number = Int(fields.prefix { $0.isNumber }) else { continue }
      if number > 0 {
        var step = fields.drop { $0.isNumber }.drop { $0 == " " }
        if let time = step.range(of: "  @", options: .backwards) {
          step = step[..<time.lowerBound]
        }
        steps.append(String(step))
      }
      if line.first == "▸" { return steps }
    }
    return steps
  }

  func check(
    feature: REPLFeatureFixture, runs: Int, linesPerRun: Int, seed: UInt64
  ) async throws {
    var random = SeededRandom(seed: seed)
    for run in 0..<runs {
      let transcript = try Transcript(features: [feature.make()])
      await transcript.run(feature.setUp)
      var shown = ShownSteps()
      var lines: [String] = []
      for _ in 0..<linesPerRun {
        let line = feature.lines[Int(random.next() % UInt64(feature.lines.count))](&random)
        lines.append(line)
        shown.read(await transcript.run(line))
        let truth = Self.stepsToCursor(await transcript.run(":history"))
        if !shown.agree(with: truth) {
          Issue.record(
            """
            seed \(seed), run \(run): after \(lines.joined(separator: " | ")), the transcript \
            shows \(shown.steps) but the history led through \(truth)
            """)
          return
        }
      }
    }
  }

  @Test func aCounterWithADelayedFact() async throws {
    try await check(feature: .counter, runs: 40, linesPerRun: 24, seed: Self.seed)
  }

  @Test func ticketsWhoseCallsWaitForResolve() async throws {
    try await check(feature: .tickets, runs: 40, linesPerRun: 24, seed: Self.seed &+ 1)
  }

  @Test func theReportedRepro() async throws {
    let transcript = try Transcript()
    await transcript.run(".incrementTapped", ".factTapped", ":undo")
    let advanced = await transcript.run(":advance 2s")
    #expect(advanced == "counter> :advance 2s\nclock: 2000ms\n")
  }
}

/// A feature and the lines a seeded run draws from.
@MainActor
struct REPLFeatureFixture {
  let make: @MainActor () -> REPLFeature
  let setUp: String
  let lines: [(inout SeededRandom) -> String]

  static let travel: [(inout SeededRandom) -> String] = [
    { _ in ":undo" },
    { random in ":back \(1 + random.next() % 3)" },
    { random in ":jump \(random.next() % 6)" },
    { _ in ":reset" },
  ]

  static let counter = REPLFeatureFixture(
    make: { Counter.feature }, setUp: ":clock virtual",
    lines: travel + [
      { _ in ".incrementTapped" }, { _ in ".factTapped" }, { _ in ".factTapped" },
      { random in ".set(to: \(random.next() % 5))" },
      { _ in ":advance 0ms" }, { _ in ":advance 500ms" }, { _ in ":advance 1s" },
      { _ in ":cancel 1" },
    ])

  static let tickets = REPLFeatureFixture(
    make: { Tickets.feature() }, setUp: ":env explore",
    lines: travel + [
      { _ in ".buyTapped" }, { _ in ".buyTapped" }, { _ in ".bought" },
      { random in ":resolve buy \(random.next() % 2)" },
      { random in ":resolve buy \(random.next() % 2)" },
      { _ in ":advance 0ms" }, { _ in ":advance 1s" },
    ])
}
