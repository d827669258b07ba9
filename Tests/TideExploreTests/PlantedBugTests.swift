import AddLocationFeature
import FeatureTools
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

  static let tickerExplorer = Ticker.explorer(
    Ticker.startsTwice, expression: "Ticker.startsTwice")
  static let countdownExplorer = Countdown.explorer(Countdown.wraps, expression: "Countdown.wraps")

  @Test func aTimerThatCanStartTwiceIsFoundInBothModes() async {
    let invariant = "at most one timer runs"
    expectFound(
      await Self.tickerExplorer.random(seed: 1, runs: 200, steps: 12), invariant, steps: 2)
    expectFound(await Self.tickerExplorer.exhaustive(depth: 4), invariant, steps: 2)
  }

  @Test func aReportShowsTheEffectsRunningWhenAStateInvariantBreaks() async throws {
    let failure = try #require(await Self.tickerExplorer.exhaustive(depth: 4).failure)
    #expect(
      failure.messageWithoutTest.hasSuffix(
        """
          State: Ticker.State(isRunning: true, ticks: 0)
          Running: .run("timer"), .run("timer")
        """))
  }

  @Test func aBugThatNeedsSixStepsIsFoundInBothModes() async {
    let invariant = "the count is never negative"
    expectFound(
      await Self.countdownExplorer.random(seed: 1, runs: 300, steps: 12), invariant, steps: 6)
    expectFound(await Self.countdownExplorer.exhaustive(depth: 6), invariant, steps: 6)
  }

  static let shelfExplorer = Shelf.explorer(
    Shelf.rollsBackTheWrongItem, expression: "Shelf.rollsBackTheWrongItem")

  @Test func anOptimisticRollbackOfTheWrongItemIsFoundInBothModes() async {
    let invariant = "a failed delete puts back that very row"
    expectFound(await Self.shelfExplorer.random(seed: 1, runs: 300, steps: 12), invariant, steps: 3)
    expectFound(await Self.shelfExplorer.exhaustive(depth: 4), invariant, steps: 3)
  }

  static let refreshExplorer = Refresh.explorer(
    Refresh.showsStaleResponses, expression: "Refresh.showsStaleResponses")

  @Test func aStaleResponseThatOnlyTheNewerCallFirstShowsIsFoundInBothModes() async throws {
    let invariant = "the screen never goes back to an older refresh"
    for report in [
      await Self.refreshExplorer.random(seed: 1, runs: 300, steps: 12),
      await Self.refreshExplorer.exhaustive(depth: 4),
    ] {
      // The first call is answered as the run ends, as a test must end it.
      expectFound(report, invariant, steps: 3)
      let failure = try #require(report.failure)
      #expect(
        failure.schedule.map(\.description) == [
          "send .refreshTapped", "send .refreshTapped", "resolve fetch(2) → success(2)",
        ])
      // The export resolves the very calls the explorer did: the second first.
      let test = try #require(failure.test)
      #expect(
        test.contains(
          """
            calls.resolveIfWaiting("fetch", number: 2, outcome: "success(2)")
            await store.skipReceivedActions()
            calls.resolveIfWaiting("fetch", number: 1, outcome: "success(1)")
          """))
    }
  }

  static let debouncedSearchExplorer = AddLocation.explorer(
    reducer: PlantedBugs.debouncedSearchClearedWithTheWrongID,
    reducerExpression: "PlantedBugs.debouncedSearchClearedWithTheWrongID")

  @Test func aDebouncedSearchThatOutlivesItsClearingIsFoundInBothModes() async {
    let invariant = "an empty query lists nothing and searches nothing"
    expectFound(
      await Self.debouncedSearchExplorer.random(seed: 1, runs: 300, steps: 12), invariant,
      steps: 2)
    expectFound(await Self.debouncedSearchExplorer.exhaustive(depth: 3), invariant, steps: 2)
  }

  @Test func theCorrectVersionsExploreClean() async {
    let ticker = Ticker.explorer(Ticker.reducer, expression: "Ticker.reducer")
    await ticker.random(seed: 1, runs: 200, steps: 12).expectNoFailure()
    await ticker.exhaustive(depth: 5).expectNoFailure()
    let countdown = Countdown.explorer(Countdown.reducer, expression: "Countdown.reducer")
    await countdown.random(seed: 1, runs: 300, steps: 12).expectNoFailure()
    await countdown.exhaustive(depth: 7).expectNoFailure()
    let shelf = Shelf.explorer(Shelf.reducer, expression: "Shelf.reducer")
    await shelf.random(seed: 1, runs: 300, steps: 12).expectNoFailure()
    await shelf.exhaustive(depth: 6).expectNoFailure()
    let refresh = Refresh.explorer(Refresh.reducer, expression: "Refresh.reducer")
    await refresh.random(seed: 1, runs: 300, steps: 12).expectNoFailure()
    await refresh.exhaustive(depth: 7).expectNoFailure()
    // The login screen and the search explore clean in FeatureExplorationTests, the app in
    // AppExplorationTests.
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
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// Each planted bug's exported test, as the explorer writes it for the buggy feature, and the
  /// same test run on the fixed feature (the reducer expression swapped): both are compiled in
  /// the suite (the `@Test` attribute taken off so that this suite runs them). Recorded with
  /// `TIDE_RECORD_EXPORTS=1`.
  static let exports:
    [(
      explorer: @MainActor () async -> String?, function: String, buggy: String, fixed: String,
      file: String
    )] = [
      (
        { await PlantedBugTests.loadingExplorer.exhaustive(depth: 4).failure?.test },
        "loadingExploredFailure", "PlantedBugs.loginStuckLoadingOnNilData", "Login.reducer",
        "ExportedPlantedBugTest.swift"
      ),
      (
        { await PlantedBugTests.searchExplorer.exhaustive(depth: 3).failure?.test },
        "staleSearchExploredFailure", "PlantedBugs.searchWithoutCancellation",
        "AddLocation.reducer", "ExportedStaleSearchTest.swift"
      ),
      (
        { await PlantedBugTests.editExplorer.exhaustive(depth: 5).failure?.test },
        "editedLoginExploredFailure", "PlantedBugs.loginWithoutCancelOnEdit", "Login.reducer",
        "ExportedEditedLoginTest.swift"
      ),
      (
        { await PlantedBugTests.tickerExplorer.exhaustive(depth: 4).failure?.test },
        "tickerExploredFailure", "Ticker.startsTwice", "Ticker.reducer",
        "ExportedTickerTest.swift"
      ),
      (
        { await PlantedBugTests.countdownExplorer.exhaustive(depth: 6).failure?.test },
        "countdownExploredFailure", "Countdown.wraps", "Countdown.reducer",
        "ExportedCountdownTest.swift"
      ),
      (
        { await PlantedBugTests.shelfExplorer.exhaustive(depth: 4).failure?.test },
        "shelfExploredFailure", "Shelf.rollsBackTheWrongItem", "Shelf.reducer",
        "ExportedShelfTest.swift"
      ),
      (
        { await PlantedBugTests.refreshExplorer.exhaustive(depth: 4).failure?.test },
        "refreshExploredFailure", "Refresh.showsStaleResponses", "Refresh.reducer",
        "ExportedRefreshTest.swift"
      ),
      (
        { await PlantedBugTests.debouncedSearchExplorer.exhaustive(depth: 3).failure?.test },
        "debouncedSearchExploredFailure", "PlantedBugs.debouncedSearchClearedWithTheWrongID",
        "AddLocation.reducer", "ExportedDebouncedSearchTest.swift"
      ),
      (
        { await AppExplorationTests.withoutIfLetExplorer.exhaustive(depth: 7).failure?.test },
        "appWithoutIfLetExploredFailure", "AppExplorationTests.appWithoutIfLet", "App.reducer",
        "ExportedAppWithoutIfLetTest.swift"
      ),
    ]

  @Test func theExportedTestsAreTheOnesInTheSuite() async throws {
    for export in Self.exports {
      let test = try #require(await export.explorer(), "\(export.function)")
      let name = try #require(test.firstMatch(of: /@Test func (\w+)\(\)/)?.1)
      let buggy = test.replacingOccurrences(
        of: "@Test func \(name)()", with: "func \(export.function)()")
      #expect(buggy.contains("reducer: \(export.buggy),"))
      let fixed =
        buggy
        .replacingOccurrences(of: "reducer: \(export.buggy),", with: "reducer: \(export.fixed),")
        .replacingOccurrences(
          of: "func \(export.function)()", with: "func \(export.function)Fixed()")
      let both =
        buggy + "\n"
        + fixed.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { !$0.hasPrefix("@MainActor") }.joined(separator: "\n")
      let file = Self.folder.appendingPathComponent(export.file)
      if ProcessInfo.processInfo.environment["TIDE_RECORD_EXPORTS"] != nil {
        try both.write(to: file, atomically: true, encoding: .utf8)
      }
      #expect(try String(contentsOf: file, encoding: .utf8) == both, "\(export.file)")
    }
  }

  @Test func eachExportedTestFailsWhileTheBugIsThere() async {
    await withKnownIssue {
      await loadingExploredFailure()
    } matching: { issue in
      // The bug breaks two invariants: a response leaves isLoading on, with no request running.
      issue.comments.map(\.rawValue).joined().hasPrefix("An invariant does not hold: isLoading ")
    }
    await withKnownIssue {
      await staleSearchExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: the listed results belong to the current query once a search ends."
      )
    }
    await withKnownIssue {
      await tickerExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: at most one timer runs.")
    }
    await withKnownIssue {
      await shelfExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: a failed delete puts back that very row.")
    }
    await withKnownIssue {
      await countdownExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: the count is never negative.")
    }
    await withKnownIssue {
      await refreshExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: the screen never goes back to an older refresh.")
    }
    await withKnownIssue {
      await debouncedSearchExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: an empty query lists nothing and searches nothing.")
    }
    await withKnownIssue {
      await appWithoutIfLetExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: no search runs once the search is dismissed."
      )
    }
    await withKnownIssue {
      await editedLoginExploredFailure()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "An invariant does not hold: a response is for the credentials in the form.")
    }
  }

  @Test func eachExportedTestPassesOnceTheFeatureIsFixed() async {
    await loadingExploredFailureFixed()
    await staleSearchExploredFailureFixed()
    await editedLoginExploredFailureFixed()
    await tickerExploredFailureFixed()
    await countdownExploredFailureFixed()
    await shelfExploredFailureFixed()
    await refreshExploredFailureFixed()
    await debouncedSearchExploredFailureFixed()
    await appWithoutIfLetExploredFailureFixed()
  }
}

@MainActor
@Suite struct PlantedBugReportTests {
  /// One step found is "1 step", not "1 steps".
  @Test func aFailureFoundInOneStepSaysStep() async throws {
    let explorer = Explorer<Int, Bool, Void>(
      name: "one", initialState: 0,
      reducer: Reducer { count, _, _ in
        count += 1
        return .none
      }, environment: { _, _ in }, actions: { _ in [true] },
      invariants: [.always("nothing happens") { $0 == 0 }])
    let failure = try #require(await explorer.exhaustive(depth: 2).failure)
    #expect(
      failure.messageWithoutTest.hasPrefix(
        """
        An invariant does not hold: nothing happens.

          Found by exhaustive exploration to depth 2; shrunk from 1 step to 1.
        """), "\(failure.messageWithoutTest)")
  }

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

/// The planted "cancel on dismissal forgotten" bug: found in both modes, shrunk to the three
/// steps that show it, and absent from the version whose sheet runs its own save.
@MainActor
@Suite struct PlantedDismissalTests {
  @Test func aSaveThatOutlivesItsSheetIsFoundInBothModesAndShrunk() async throws {
    let explorer = Editor.explorer(
      Editor.forgetsTheSaveOnDismissal, expression: "Editor.forgetsTheSaveOnDismissal")
    for report in [
      await explorer.random(seed: 1, runs: 200, steps: 12),
      await explorer.exhaustive(depth: 5),
    ] {
      let failure = try #require(report.failure, "\(report.summary)")
      guard case .runtimeIssue(let message) = failure.kind else {
        Issue.record("not a runtime issue: \(failure.kind)")
        continue
      }
      #expect(message.hasPrefix("An effect sent an action to a child whose state is nil."))
      #expect(
        failure.schedule.map(\.description) == [
          // The run's end lets the save answer, as a test's end must.
          "send .openTapped", "send .sheet(.presented(.saveTapped))", "send .closeTapped",
        ])
    }
  }

  @Test func aSheetThatRunsItsOwnSaveExploresClean() async {
    let explorer = Editor.explorer(Editor.reducer, expression: "Editor.reducer")
    await explorer.random(seed: 1, runs: 200, steps: 12).expectNoFailure()
    await explorer.exhaustive(depth: 6).expectNoFailure()
  }
}
