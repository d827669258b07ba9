import AddLocationFeature
import Foundation
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTesting

/// The explorer finds each planted bug in both modes within a stated budget, and shrinks it to
/// the same minimal schedule.
@MainActor
@Suite struct PlantedBugTests {
  static let searchExplorer = AddLocation.explorer(
    reducer: PlantedBugs.searchWithoutCancellation,
    reducerExpression: "PlantedBugs.searchWithoutCancellation")
  static let editExplorer = Login.explorer(
    reducer: PlantedBugs.loginWithoutCancelOnEdit,
    reducerExpression: "PlantedBugs.loginWithoutCancelOnEdit")
  static let loadingExplorer = Login.explorer(
    reducer: PlantedBugs.loginStuckLoadingOnNilData,
    reducerExpression: "PlantedBugs.loginStuckLoadingOnNilData")

  func expectFound(
    _ report: ExploreReport<some Any, some Any>, _ invariant: String, steps: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let failure = report.failure else {
      Issue.record("Not found: \(report.summary)", sourceLocation: sourceLocation)
      return
    }
    #expect(failure.kind == .invariant(invariant), sourceLocation: sourceLocation)
    #expect(
      failure.schedule.count == steps, "\(failure.message)", sourceLocation: sourceLocation)
  }

  @Test func aSearchWithoutCancellationIsFoundInBothModes() async {
    let invariant = "the listed results belong to the current query once a search ends"
    expectFound(
      await Self.searchExplorer.random(seed: 1, runs: 200, steps: 12), invariant, steps: 2)
    expectFound(await Self.searchExplorer.exhaustive(depth: 3), invariant, steps: 2)
  }

  @Test func aLoginThatKeepsItsRequestOnEditIsFoundInBothModes() async {
    let invariant = "a response is for the credentials in the form"
    expectFound(
      await Self.editExplorer.random(seed: 1, runs: 200, steps: 12), invariant, steps: 4)
    expectFound(await Self.editExplorer.exhaustive(depth: 5), invariant, steps: 4)
  }

  @Test func aLoginStuckLoadingIsFoundInBothModes() async {
    let invariant = "isLoading is off once a response has arrived"
    expectFound(
      await Self.loadingExplorer.random(seed: 1, runs: 200, steps: 12), invariant, steps: 4)
    expectFound(await Self.loadingExplorer.exhaustive(depth: 4), invariant, steps: 4)
  }
}

/// The test the explorer exports for a planted bug is compiled in the suite
/// (ExportedPlantedBugTest.swift, the export with its `@Test` attribute taken off so that this
/// suite can run it) and fails the same way.
@MainActor
@Suite struct ExportedPlantedBugTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("ExportedPlantedBugTest.swift")

  @Test func theExportedTestIsTheOneInTheSuite() async throws {
    let report = await PlantedBugTests.loadingExplorer.exhaustive(depth: 4)
    let test = try #require(report.failure?.test)
    let compiled = test.replacingOccurrences(of: "@Test func ", with: "func ")
    if ProcessInfo.processInfo.environment["TIDE_RECORD_EXPORTS"] != nil {
      try compiled.write(to: Self.file, atomically: true, encoding: .utf8)
    }
    #expect(try String(contentsOf: Self.file, encoding: .utf8) == compiled)
  }

  @Test func theExportedTestFailsTheSameWay() async {
    await withKnownIssue {
      await loginExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: isLoading is off once a response has arrived.")
    }
  }
}

@MainActor
@Suite struct PlantedBugReportTests {
  @Test func aFailureWhileTheRunEndsSaysSo() async throws {
    let report = await PlantedBugTests.searchExplorer.exhaustive(depth: 3)
    let failure = try #require(report.failure)
    #expect(
      failure.messageWithoutTest.hasPrefix(
        """
        An invariant does not hold: the listed results belong to the current query once a search ends.

          Found by exhaustive exploration to depth 3; shrunk from 2 steps to 2.

          1. send .queryChanged("Br")
          2. send .queryChanged("Bru")
          Then the run ended as a test must, in 1 more step (waiting calls resolved with their first outcome, timers run).
        """), "\(failure.messageWithoutTest)")
  }
}
