import Foundation
import Tide
import TideExplore

extension Explorer {
  /// Explores the feature in a test, in one line: random mode within a time budget, with the
  /// seed CI asks for, and the failures seen before tried first.
  ///
  /// ```swift
  /// @Test func loginHoldsUnderExploration() async {
  ///   await Login.explorer().expectNoFailure(timeBudget: .seconds(1))
  /// }
  /// ```
  ///
  /// - The environment variable `TIDE_EXPLORE_SEED` replaces `seed`, so CI can explore new
  ///   schedules on every run (`TIDE_EXPLORE_SEED=$(date +%s) swift test`) and a failure is
  ///   replayed by setting the seed its report prints.
  /// - With `failingSeeds`, a file of the runs that failed before (one `NAME<tab>SEED<tab>RUN`
  ///   line each), those runs of this explorer are replayed first, and each new failure is
  ///   added. A stored run that passes now (the bug is fixed) is removed from the file.
  /// - A search stopped by the time budget passes; any other shortfall fails, as
  ///   ``ExploreReport/expectNoFailure(allowingShortfall:fileID:filePath:line:column:)`` says.
  ///
  /// A failure is recorded with the explorer's full report, and then the line that replays it:
  ///
  /// ```
  /// Replay it with TIDE_EXPLORE_SEED=7; it was run 40 of that seed.
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The seed, unless `TIDE_EXPLORE_SEED` gives another.
  ///   - runs: The most schedules to try.
  ///   - steps: The most steps in a schedule.
  ///   - timeBudget: The most real time to spend looking (replays and shrinking aside).
  ///   - failingSeeds: The file of runs that failed before, or `nil` for none.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: The report of the exploration; of the first replayed run that still fails,
  ///   when one does.
  @discardableResult
  public func expectNoFailure(
    seed: UInt64 = 0, runs: Int = 1_000, steps: Int = 12, timeBudget: Duration = .seconds(2),
    failingSeeds: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> ExploreReport<State, Action> {
    await expectNoFailure(
      seed: seed, runs: runs, steps: steps, timeBudget: timeBudget, failingSeeds: failingSeeds,
      environment: ProcessInfo.processInfo.environment,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// ``expectNoFailure(seed:runs:steps:timeBudget:failingSeeds:fileID:filePath:line:column:)``
  /// with the environment variables given, for tests of it.
  package func expectNoFailure(
    seed: UInt64, runs: Int, steps: Int, timeBudget: Duration, failingSeeds: URL?,
    environment: [String: String], location: SourceCodeLocation
  ) async -> ExploreReport<State, Action> {
    var seed = seed
    if let text = environment["TIDE_EXPLORE_SEED"] {
      guard let override = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
        let message =
          "TIDE_EXPLORE_SEED is \(text.debugDescription): it must be a whole number from 0 to "
          + "\(UInt64.max). Nothing was explored."
        TestFailure.record(message, at: location)
        return ExploreReport(
          mode: .random(seed: seed, run: nil), runs: 0, steps: 0, states: nil, failure: nil,
          shortfall: message)
      }
      seed = override
    }
    var store: FailingSeeds?
    if let failingSeeds {
      do {
        store = try FailingSeeds(url: failingSeeds)
      } catch {
        TestFailure.record("\(error)", at: location)
      }
    }
    for problem in store?.problems ?? [] { TestFailure.record(problem, at: location) }
    // Runs that failed before, first: a bug found once is looked for again until it is fixed.
    for stored in store?.runs(of: name) ?? [] {
      let replay = await random(
        seed: stored.seed, runs: stored.run..<(stored.run + 1), steps: steps)
      if let failure = replay.failure {
        TestFailure.record(failure.message + "\n\n" + Self.replayHint(replay.mode), at: location)
        store?.save(location: location)
        return replay
      }
      store?.remove(stored, of: name)
    }
    let report = await random(seed: seed, runs: runs, steps: steps, timeBudget: timeBudget)
    if let failure = report.failure {
      TestFailure.record(failure.message + "\n\n" + Self.replayHint(report.mode), at: location)
      if case .random(let seed, let run?) = report.mode {
        store?.add(FailingSeeds.Run(seed: seed, run: run), of: name)
      }
    } else if let shortfall = report.shortfall,
      !shortfall.hasPrefix("it stopped at its time budget")
    {
      TestFailure.record(
        "The exploration fell short: \(shortfall).\n\n  \(report.summary)", at: location)
    }
    store?.save(location: location)
    return report
  }

  static func replayHint(_ mode: ExploreReport<State, Action>.Mode) -> String {
    guard case .random(let seed, let run?) = mode else { return "" }
    return "Replay it with TIDE_EXPLORE_SEED=\(seed); it was run \(run) of that seed."
  }
}

extension Explorer {
  /// Checks that a file of the test target holds this explorer's
  /// ``Explorer/exportCheck``, the test that builds the feature from its export's expressions:
  /// the build compiles that file, so a typo in an expression fails it. With the environment
  /// variable `TIDE_RECORD_EXPORTS` set, it writes the file instead.
  ///
  /// ```swift
  /// @MainActor @Test func theLoginExportCompiles() {
  ///   Login.explorer().expectExportCheck(matchesFile: "LoginExportCheck.swift")
  /// }
  /// ```
  ///
  /// A file out of step with the explorer fails with:
  ///
  /// ```
  /// The export check LoginExportCheck.swift is not the explorer's.
  ///
  ///   −     reducer: Login.reducr,
  ///   +     reducer: Login.reducer,
  ///
  /// (Expected: −, Actual: +)
  ///
  /// Write it again with TIDE_RECORD_EXPORTS=1 swift test.
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file, relative to the folder of the calling test file unless absolute.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of that file; relative paths start from its folder.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func expectExportCheck(
    matchesFile path: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    expectExportCheck(
      matchesFile: path,
      recording: ProcessInfo.processInfo.environment["TIDE_RECORD_EXPORTS"] != nil,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// ``expectExportCheck(matchesFile:fileID:filePath:line:column:)`` told whether to record.
  package func expectExportCheck(
    matchesFile path: String, recording: Bool, location: SourceCodeLocation
  ) {
    guard let text = exportCheck else {
      TestFailure.record(
        "The explorer of the \(name) feature has no export (ExploreExport), so it has no export "
          + "check to compare.", at: location)
      return
    }
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: location.filePath).deletingLastPathComponent()
        .appendingPathComponent(path)
    if recording {
      do {
        try Data(text.utf8).write(to: url.resolvingSymlinksInPath(), options: .atomic)
      } catch {
        TestFailure.record(
          "The export check \(path) cannot be written: \(error.localizedDescription)", at: location)
      }
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      TestFailure.record(
        "The export check \(path) does not exist (looked for \(url.path)).\n\n"
          + "Write it with TIDE_RECORD_EXPORTS=1 swift test, and add it to the test target.",
        at: location)
      return
    }
    let existing = String(decoding: data, as: UTF8.self)
    guard existing != text else { return }
    TestFailure.record(
      "The export check \(path) is not the explorer's.\n\n"
        + Self.lineDiff(existing, text) + "\n\n(Expected: −, Actual: +)\n\n"
        + "Write it again with TIDE_RECORD_EXPORTS=1 swift test.", at: location)
  }

  /// The lines that differ, indented: removed ones with −, added ones with +, in order.
  static func lineDiff(_ old: String, _ new: String) -> String {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    let changes = newLines.difference(from: oldLines)
    var removed: [Int: Substring] = [:]
    var inserted: [Int: Substring] = [:]
    for change in changes {
      switch change {
      case .remove(let offset, let element, _): removed[offset] = element
      case .insert(let offset, let element, _): inserted[offset] = element
      }
    }
    var lines: [String] = []
    for offset in removed.keys.sorted() { lines.append("  − \(removed[offset]!)") }
    for offset in inserted.keys.sorted() { lines.append("  + \(inserted[offset]!)") }
    return lines.joined(separator: "\n")
  }
}
