import Foundation
import LoginFeature
import Testing
import Tide
import TideInspect
import TideRecord
import TideTestSupport

/// What a hostile review of recording found, each fixed: error types whose names hold spaces or
/// an address, calls made while no store records, line breaks in names, stand-ins for characters
/// made of several scalars, negative zero times, and equality of a recording read back.
@MainActor
@Suite struct ReviewFindingsTests {
  struct Pair<First, Second> {
    struct Failure: Error, Codable, Equatable {
      var code: Int
    }
  }

  private struct Hidden: Error, Codable, Equatable {
    var code: Int
  }

  /// Records one call that throws `error`, declaring `Failure`, and replays it.
  func roundTrip<Failure: Error & Codable>(
    _ error: Failure, issues: ReportedIssues
  ) async throws -> (Recording, any Error) {
    let recorder = Recorder(feature: "test", environment: "test")
    // On a manual clock, the answers are timed @0ms: recorded on the real clock, a slow
    // machine timed them later than 0, and the replay below, on a clock nobody moves, waited
    // for that time for ever (the suite's rare hang).
    let store = Store(
      initialState: 0, reducer: Reducer<Int, Tick, Void> { _, _, _ in .none }, environment: (),
      drivenBy: ManualClock())
    try store.record(into: recorder)
    await IssueReporter.$current.withValue(issues.reporter) {
      _ = try? await recorder.calls.call("c", errors: Failure.self) { () -> Int in throw error }
      _ = try? await recorder.calls.call("c", errors: Failure.self) { () -> Int in throw error }
    }
    let recording = try Recording(parsing: recorder.recording().text)
    do {
      _ = try await RecordedCalls(replaying: recording, clock: ManualClock())
        .call("c", errors: Failure.self) { 0 }
      Issue.record("the replayed call returned")
      return (recording, CancellationError())
    } catch {
      return (recording, error)
    }
  }

  @Test func anErrorOfAGenericTypeReplaysAsItself() async throws {
    let issues = ReportedIssues()
    let (recording, error) = try await roundTrip(Pair<Int, String>.Failure(code: 7), issues: issues)
    #expect(
      recording.answers.first?.result
        == .error(
          type: "TideRecordTests.ReviewFindingsTests.Pair<Swift.Int,Swift.String>.Failure",
          json: #"{"code":7}"#))
    #expect(error as? Pair<Int, String>.Failure == Pair<Int, String>.Failure(code: 7))
    #expect(issues.all.isEmpty)
  }

  @Test func anErrorOfAPrivateTypeIsKeptAsItsDescriptionAndSaysSoOnce() async throws {
    let issues = ReportedIssues()
    let (recording, error) = try await roundTrip(Hidden(code: 1), issues: issues)
    #expect(
      recording.answers.map(\.result) == [
        .failure(description: "Hidden(code: 1)"), .failure(description: "Hidden(code: 1)"),
      ])
    #expect(error as? RecordedCallError == .failed(description: "Hidden(code: 1)"))
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.hasPrefix("Errors of type TideRecordTests.") == true)
    #expect(
      issues.all.first?.hasSuffix(
        "are kept as descriptions: the type is private or local, so it has no name a replay could find it by. Declare it internal or public to keep it as itself."
      ) == true)
  }

  @Test func callsWhileNoStoreRecordsAreNeitherNumberedNorKept() async throws {
    let clock = ManualClock()
    let recorder = Recorder(feature: "test", environment: "test")
    let store = Store(
      initialState: 0, reducer: Reducer<Int, Tick, Void> { _, _, _ in .none }, environment: (),
      drivenBy: clock)
    #expect(try await recorder.calls.call("c") { 1 } == 1)  // before recording: runs, not kept
    await clock.advance(by: .seconds(1))
    try store.record(into: recorder)
    await clock.advance(by: .seconds(2))
    store.send(.start)
    #expect(try await recorder.calls.call("c") { 2 } == 2)
    store.stopRecording()
    #expect(try await recorder.calls.call("c") { 3 } == 3)  // after: runs, not kept
    let recording = recorder.recording()
    #expect(recording.answers.map(\.number) == [1])
    #expect(recording.answers.map(\.result) == [.value(json: "2")])
    // Timed on the store's clock from the moment recording started.
    #expect(recording.steps.map(\.time) == [.seconds(2)])
    #expect(recording.answers.map(\.time) == [.seconds(2)])
  }

  @Test func lineBreaksInNamesAreWrittenAsSpaces() throws {
    let recorder = Recorder(feature: "log\nsend @0ms .x", environment: "e\rf\u{2028}g")
    let read = try Recording(parsing: recorder.recording().text)
    #expect(read.feature == "log send @0ms .x")
    #expect(read.environment == "e f g")
    #expect(read.steps.isEmpty)
  }

  @Test func aStandInKeepsTheKindsOfScalarsInEachCharacter() {
    var inspector = Inspector(redacts: true)
    inspector.standsInForSecrets = true
    // An accented capital written as a letter and a combining accent, and a keycap digit.
    #expect(
      inspector.source(Login.Action.passwordChanged("A\u{301}bcdef1"))
        == #".passwordChanged("Aaaaaa0")"#)
    #expect(
      inspector.source(Login.Action.passwordChanged("abcdeF1\u{FE0F}\u{20E3}"))
        == #".passwordChanged("aaaaaA0")"#)
  }

  @Test func aNegativeZeroTimeIsRefused() {
    #expect(throws: RecordingError.cannotRead("line 2: a duration cannot be negative ('-0ms')")) {
      try Recording(parsing: "# tide session\nsend @-0ms .loginButtonTapped\n")
    }
  }

  @Test func aRecordingEqualsItselfReadBack() async throws {
    let recording = try await RecorderTests.recordedLogin()
    #expect(try Recording(parsing: recording.text) == recording)
    #expect(
      try Recording(parsing: recording.text.replacingOccurrences(of: "@250ms", with: "@251ms"))
        != recording)
  }
}
