import Foundation
import Testing
import TideTestSupport

@testable import Tide
@testable import TideExplore
@testable import TideTesting

/// Exploring in a test takes one line: a time budget, the seed CI gives, and the runs that failed
/// before tried first (issue 25, integration).
@MainActor
@Suite struct ExploreInATestTests {
  typealias Form = GeneratedActionTests.Form
  typealias Edit = GeneratedActionTests.Edit

  static let fixed = Reducer<Form, Edit, Void> { state, action, _ in
    if case .nameChanged(let name) = action {
      state.name = name
      state.isValid = (2...10).contains(name.count)
    }
    return .none
  }

  static func explorer(fixed: Bool = false) -> Explorer<Form, Edit, Void> {
    Explorer(
      name: "signup", initialState: Form(),
      reducer: fixed ? Self.fixed : GeneratedActionTests.form, environment: { _, _ in },
      actions: { _ in [] },
      generated: [.string(CasePath(Edit.nameChanged), alphabet: "ab", length: 0...16)],
      invariants: [GeneratedActionTests.validNames])
  }

  static let here = SourceCodeLocation(
    fileID: "TideExploreTests/ExploreInATestTests.swift", filePath: #filePath, line: 1, column: 1)

  func explore(
    fixed: Bool = false, seed: UInt64 = 3, environment: [String: String] = [:],
    failingSeeds: URL? = nil, timeBudget: Duration = .seconds(600)
  ) async -> ExploreReport<Form, Edit> {
    await Self.explorer(fixed: fixed).expectNoFailure(
      seed: seed, runs: 200, steps: 4, timeBudget: timeBudget, failingSeeds: failingSeeds,
      environment: environment, location: Self.here)
  }

  @Test func aTimeBudgetStopsTheSearchAndSaysWhere() async {
    let random = await Self.explorer(fixed: true).random(
      seed: 1, runs: 1_000, steps: 4, timeBudget: .zero)
    #expect(random.runs == 1)
    #expect(
      random.shortfall == "it stopped at its time budget of 0.0 seconds after 1 of 1,000 runs")
    let exhaustive = await Self.explorer(fixed: true).exhaustive(depth: 5, timeBudget: .zero)
    #expect(
      exhaustive.shortfall
        == "it stopped at its time budget of 0.0 seconds after 1 states, before depth 5")
    // In a test, a search the budget stopped passes: that is what a budget is for.
    let helper = await explore(fixed: true, timeBudget: .zero)
    #expect(helper.runs == 1)
  }

  /// One run of a huge `steps` stops at the budget too, not only between runs.
  @Test func aTimeBudgetStopsALongRunWithinIt() async {
    let random = await Self.explorer(fixed: true).random(
      seed: 1, runs: 3, steps: 1_000_000_000, timeBudget: .zero)
    #expect(random.runs == 1)
    #expect(random.steps == 1_024)
    #expect(random.shortfall == "it stopped at its time budget of 0.0 seconds after 1 of 3 runs")
  }

  @Test func aFailureSaysHowToReplayIt() async {
    await withKnownIssue {
      _ = await explore(seed: 3)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("An invariant does not hold: a valid name has at most 10 characters.")
        && text.hasSuffix("Replay it with TIDE_EXPLORE_SEED=3; it was run 6 of that seed.")
    }
  }

  @Test func theSeedFromTheEnvironmentWins() async {
    let chosen = await explore(fixed: true, seed: 3, environment: ["TIDE_EXPLORE_SEED": " 99 "])
    #expect(chosen.mode == .random(seed: 99, run: nil))
  }

  @Test func aSeedThatIsNotANumberIsAClearErrorAndNothingRuns() async {
    await withKnownIssue {
      let report = await explore(fixed: true, environment: ["TIDE_EXPLORE_SEED": "-1"])
      #expect(report.runs == 0)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "TIDE_EXPLORE_SEED is \"-1\": it must be a whole number from 0 to "
        + "18446744073709551615. Nothing was explored."
    }
  }

  @Test func aFailingRunIsStoredReplayedFirstAndForgottenOnceFixed() async throws {
    let scratch = try ScratchFolder("seeds")
    let file = URL(fileURLWithPath: scratch.file("failing-seeds"))
    // Another explorer's line is kept as it is.
    try "login\t5\t2\n".write(to: file, atomically: true, encoding: .utf8)
    var found: ExploreReport<Form, Edit>?
    await withKnownIssue {
      found = await explore(seed: 3, failingSeeds: file)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: a valid name has at most 10 characters.")
    }
    guard case .random(3, let run?) = found?.mode else {
      Issue.record("no failing run: \(String(describing: found?.mode))")
      return
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "login\t5\t2\nsignup\t3\t\(run)\n")
    // Next time, with another seed, the stored run is replayed first, alone.
    var replayed: ExploreReport<Form, Edit>?
    await withKnownIssue {
      replayed = await explore(seed: 12_345, failingSeeds: file)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: a valid name has at most 10 characters.")
    }
    #expect(replayed?.mode == .random(seed: 3, run: run))
    #expect(replayed?.runs == 1)
    // Once the bug is fixed, the stored run passes and leaves the file.
    let clean = await explore(fixed: true, seed: 12_345, failingSeeds: file)
    #expect(clean.failure == nil)
    #expect(try String(contentsOf: file, encoding: .utf8) == "login\t5\t2\n")
  }

  @Test func aLineThatIsNotARunIsReportedAndKept() async throws {
    let scratch = try ScratchFolder("seeds")
    let file = URL(fileURLWithPath: scratch.file("failing-seeds"))
    try "signup\t3\r\n\nsignup\tx\t1\n".write(to: file, atomically: true, encoding: .utf8)
    await withKnownIssue {
      _ = await explore(fixed: true, failingSeeds: file)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      // Line 2 is empty, which is no mistake.
      return text == "The failing-seeds file \(file.path), line 1: expected NAME<tab>SEED<tab>RUN "
        + "(a whole number from 0 to 18446744073709551615, then a run number from 0), found "
        + "\"signup\\t3\". The line was kept as it is."
        || text == "The failing-seeds file \(file.path), line 3: expected NAME<tab>SEED<tab>RUN "
          + "(a whole number from 0 to 18446744073709551615, then a run number from 0), found "
          + "\"signup\\tx\\t1\". The line was kept as it is."
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "signup\t3\r\n\nsignup\tx\t1\n")
  }

  @Test func aRunNumberAtTheEndOfTheRangeIsABadLineNotACrash() async throws {
    let scratch = try ScratchFolder("seeds")
    let file = URL(fileURLWithPath: scratch.file("failing-seeds"))
    try "signup\t1\t\(Int.max)\n".write(to: file, atomically: true, encoding: .utf8)
    await withKnownIssue {
      _ = await explore(fixed: true, failingSeeds: file)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasSuffix(
        "line 1: expected NAME<tab>SEED<tab>RUN (a whole number from 0 to 18446744073709551615, "
          + "then a run number from 0), found \"signup\\t1\\t\(Int.max)\". The line was kept as it is."
      )
    }
  }

  @Test func aFileTooLargeIsRefusedAndLeftAlone() async throws {
    let scratch = try ScratchFolder("seeds")
    let file = URL(fileURLWithPath: scratch.file("failing-seeds"))
    let big = Data(repeating: UInt8(ascii: "#"), count: FailingSeeds.byteLimit + 1)
    try big.write(to: file)
    await withKnownIssue {
      _ = await explore(seed: 3, failingSeeds: file)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text == "The failing-seeds file \(file.path) has 1048577 bytes, more than 1048576: "
        + "it holds one line per failure. Nothing was read from it or written to it."
        || text.hasPrefix("An invariant does not hold")
    }
    #expect(try Data(contentsOf: file) == big)
  }

  /// The size is what the link leads to: a link to a large file is refused as the file is.
  @Test func aLinkToAFileTooLargeIsRefusedAndTheFileLeftAlone() async throws {
    let scratch = try ScratchFolder("seeds")
    let target = URL(fileURLWithPath: scratch.file("real-seeds"))
    let link = URL(fileURLWithPath: scratch.file("failing-seeds"))
    let big = Data(repeating: UInt8(ascii: "#"), count: FailingSeeds.byteLimit + 1)
    try big.write(to: target)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    await withKnownIssue {
      _ = await explore(seed: 3, failingSeeds: link)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text == "The failing-seeds file \(link.path) has 1048577 bytes, more than 1048576: "
        + "it holds one line per failure. Nothing was read from it or written to it."
        || text.hasPrefix("An invariant does not hold")
    }
    #expect(try Data(contentsOf: target) == big)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
  }

  /// A folder, or a link to one, is no file of runs.
  @Test func aFolderIsRefused() async throws {
    let scratch = try ScratchFolder("seeds")
    let folder = URL(fileURLWithPath: scratch.file("failing-seeds"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    await withKnownIssue {
      _ = await explore(seed: 3, failingSeeds: folder)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text == "The failing-seeds file \(folder.path) is not a regular file. Nothing was "
        + "read from it or written to it."
        || text.hasPrefix("An invariant does not hold")
    }
  }

  @Test func aStoreBehindASymbolicLinkStaysALink() async throws {
    let scratch = try ScratchFolder("seeds")
    let target = URL(fileURLWithPath: scratch.file("real-seeds"))
    let link = URL(fileURLWithPath: scratch.file("failing-seeds"))
    try "".write(to: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    await withKnownIssue {
      _ = await explore(seed: 3, failingSeeds: link)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: a valid name has at most 10 characters.")
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("signup\t3\t"))
  }
}
