import AddLocationFeature
import AppFeature
import FeatureTools
import Foundation
import LoginFeature
import Testing
import TideTestSupport

@testable import Tide
@testable import TideExplore
@testable import TideTesting

/// Each feature's export expressions are compiled with the suite (the files in `ExportChecks/`),
/// and the files are the explorers' own: a typo in an export fails the build, not a pasted test
/// (issue 25, type-checked exports).
@MainActor
@Suite struct ExportCheckTests {
  @Test func theFeaturesExportChecksAreCompiledWithTheSuite() {
    Login.explorer().expectExportCheck(matchesFile: "ExportChecks/LoginExportCheck.swift")
    AddLocation.explorer().expectExportCheck(
      matchesFile: "ExportChecks/AddLocationExportCheck.swift")
    App.explorer().expectExportCheck(matchesFile: "ExportChecks/AppExportCheck.swift")
  }

  static let here = SourceCodeLocation(
    fileID: "TideExploreTests/ExportCheckTests.swift", filePath: #filePath, line: 1, column: 1)

  @Test func aFileOutOfStepSaysWhichLinesDiffer() throws {
    let scratch = try ScratchFolder("export-check")
    let path = scratch.file("LoginExportCheck.swift")
    let text = try #require(Login.explorer().exportCheck)
    try text.replacingOccurrences(of: "reducer: Login.reducer,", with: "reducer: Login.reducr,")
      .write(toFile: path, atomically: true, encoding: .utf8)
    withKnownIssue {
      Login.explorer().expectExportCheck(matchesFile: path, recording: false, location: Self.here)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == """
        The export check \(path) is not the explorer's.

          −     reducer: Login.reducr,
          +     reducer: Login.reducer,

        (Expected: −, Actual: +)

        Write it again with TIDE_RECORD_EXPORTS=1 swift test.
        """
    }
  }

  @Test func aMissingFileSaysHowToWriteIt() throws {
    let scratch = try ScratchFolder("export-check")
    let path = scratch.file("Missing.swift")
    withKnownIssue {
      Login.explorer().expectExportCheck(matchesFile: path, recording: false, location: Self.here)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == """
        The export check \(path) does not exist (looked for \(path)).

        Write it with TIDE_RECORD_EXPORTS=1 swift test, and add it to the test target.
        """
    }
    // Recording writes it, and then it matches.
    Login.explorer().expectExportCheck(matchesFile: path, recording: true, location: Self.here)
    Login.explorer().expectExportCheck(matchesFile: path, recording: false, location: Self.here)
  }

  @Test func anExplorerWithoutAnExportHasNoCheck() {
    let explorer = Explorer(
      name: "bare", initialState: 0, reducer: Reducer<Int, Int, Void> { _, _, _ in .none },
      environment: { _, _ in }, actions: { _ in [1] }, invariants: [])
    #expect(explorer.exportCheck == nil)
    withKnownIssue {
      explorer.expectExportCheck(matchesFile: "Bare.swift", recording: false, location: Self.here)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined()
        == "The explorer of the bare feature has no export (ExploreExport), so it has no export "
        + "check to compare."
    }
  }
}
