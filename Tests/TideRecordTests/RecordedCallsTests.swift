import AddLocationFeature
import Foundation
import LoginFeature
import Testing
import Tide
import TideRecord
import TideTestSupport

/// Replayed calls answer as they did when recorded, at the same times, without running: values,
/// errors kept as themselves or as descriptions, and cancellations.
@MainActor
@Suite struct RecordedCallsTests {
  /// Sends Login's script at the given times on `clock`, recorded into a new recorder.
  static func runLogin(
    _ environment: (ManualClock, RecordedCalls?) -> Login.Environment,
    replaying recording: Recording? = nil, username: String = "pritesh",
    password: String = "Secret1"
  ) async throws -> (Recording, Login.State) {
    let clock = ManualClock()
    let recorder = Recorder(feature: "login", environment: "test")
    let calls = recording.map { RecordedCalls(replaying: $0, clock: clock) } ?? recorder.calls
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer,
      environment: environment(clock, calls), drivenBy: clock)
    try store.record(into: recorder)
    store.send(.usernameChanged(username))
    await clock.advance(by: .milliseconds(250))
    store.send(.passwordChanged(password))
    store.send(.loginButtonTapped)
    await clock.advance(by: .seconds(1))
    return (recorder.recording(redacts: false), store.state)
  }

  @Test func aReplayGivesTheRecordedAnswersAtTheirTimesWithoutTheBackend() async throws {
    let (recorded, state) = try await Self.runLogin { clock, calls in
      Login.Environment.demo(clock: clock).recorded(by: calls!)
    }
    // The replay's environment would fail the test if its own call ran.
    let (replayed, replayState) = try await Self.runLogin(
      { _, calls in Login.Environment.unimplemented.recorded(by: calls!) }, replaying: recorded)
    #expect(replayed.steps == recorded.steps)
    #expect(replayState == state)
    #expect(replayState.user?.name == "Pritesh")
  }

  @Test func anErrorOfTheDeclaredTypeIsKeptAsItself() async throws {
    let (recorded, state) = try await Self.runLogin(
      { clock, calls in
        Login.Environment.demo(clock: clock, outcome: .wrongStatusCode).recorded(by: calls!)
      })
    #expect(
      recorded.answers.map(\.result) == [
        .error(type: "LoginFeature.LoginServiceError", json: #"{"wrongStatusCode":{"_0":500}}"#)
      ])
    let (replayed, replayState) = try await Self.runLogin(
      { _, calls in Login.Environment.unimplemented.recorded(by: calls!) }, replaying: recorded)
    #expect(replayed.steps == recorded.steps)
    #expect(replayState == state)
  }

  @Test func anotherErrorIsKeptAsItsDescription() async throws {
    struct Unplugged: Error, CustomStringConvertible {
      var description: String { "the cable is out" }
    }
    let recorder = Recorder(feature: "add-location", environment: "test")
    let clock = ManualClock()
    let store = Store(
      initialState: AddLocation.State(), reducer: AddLocation.reducer,
      environment: AddLocation.Environment(geocode: { _ in throw Unplugged() }, clock: clock)
        .recorded(by: recorder.calls),
      drivenBy: clock)
    try store.record(into: recorder)
    store.send(.queryChanged("Brus"))
    await clock.advance(by: .seconds(1))
    let recording = recorder.recording()
    #expect(recording.answers.map(\.result) == [.failure(description: "the cable is out")])
    #expect(store.state.errorMessage != nil)

    let replayClock = ManualClock()
    let replay = Store(
      initialState: AddLocation.State(), reducer: AddLocation.reducer,
      environment: AddLocation.Environment(geocode: { _ in [] }, clock: replayClock)
        .recorded(by: RecordedCalls(replaying: recording, clock: replayClock)),
      drivenBy: replayClock)
    replay.send(.queryChanged("Brus"))
    await replayClock.advance(by: .seconds(1))
    #expect(replay.state == store.state)
  }

  @Test func aCallCancelledWhileItRanIsCancelledAgainOnReplay() async throws {
    // A slow geocoder: the second query cancels the first search while it waits.
    let recorder = Recorder(feature: "add-location", environment: "test")
    let clock = ManualClock()
    let slow = AddLocation.Environment(
      geocode: { query in
        try await clock.sleep(for: .seconds(2))
        return [
          Location(
            id: query.count, name: query, countryCode: "BE", countryName: "Belgium",
            latitude: 0, longitude: 0, population: 1, timezone: "Europe/Brussels")
        ]
      }, clock: clock)
    let store = Store(
      initialState: AddLocation.State(), reducer: AddLocation.reducer,
      environment: slow.recorded(by: recorder.calls), drivenBy: clock)
    try store.record(into: recorder)
    store.send(.queryChanged("Brus"))
    await clock.advance(by: .seconds(1))
    store.send(.queryChanged("Bruges"))
    await clock.advance(by: .seconds(3))
    let recording = recorder.recording()
    #expect(recording.answers.map(\.name) == ["geocode", "geocode"])
    #expect(recording.answers.map(\.result.isCancelled) == [true, false])
    #expect(recording.answers.map(\.time) == [.seconds(1), .milliseconds(3300)])

    let replayClock = ManualClock()
    let replayRecorder = Recorder(feature: "add-location", environment: "replay")
    let replay = Store(
      initialState: AddLocation.State(), reducer: AddLocation.reducer,
      environment: AddLocation.Environment(geocode: { _ in [] }, clock: replayClock)
        .recorded(by: RecordedCalls(replaying: recording, clock: replayClock)),
      drivenBy: replayClock)
    try replay.record(into: replayRecorder)
    replay.send(.queryChanged("Brus"))
    await replayClock.advance(by: .seconds(1))
    replay.send(.queryChanged("Bruges"))
    await replayClock.advance(by: .seconds(3))
    #expect(replayRecorder.recording().steps == recording.steps)
    #expect(replay.state == store.state)
  }

  @Test func aCallTheRecordingDidNotAnswerIsReportedAndThrows() async throws {
    let (recorded, _) = try await Self.runLogin { clock, calls in
      Login.Environment.demo(clock: clock).recorded(by: calls!)
    }
    let clock = ManualClock()
    let calls = RecordedCalls(replaying: recorded, clock: clock)
    // The first call answers as recorded, without running (at once: the clock is past its
    // time; the replays above show the times kept).
    await clock.advance(by: .seconds(2))
    let user = try await calls.call("login", errors: LoginServiceError.self) { () -> User in
      Issue.record("a replayed call ran")
      throw CancellationError()
    }
    #expect(user.name == "Pritesh")
    let issues = ReportedIssues()
    await #expect(throws: RecordedCallError.noAnswer(call: "login", number: 2)) {
      try await IssueReporter.$current.withValue(issues.reporter) {
        try await calls.call("login", errors: LoginServiceError.self) { () -> User in
          Issue.record("a replayed call ran")
          throw CancellationError()
        }
      }
    }
    #expect(
      issues.all == [
        #"The recording has no answer for call #2 of "login". The replay made more calls of "login" than the recording, which answers 1."#
      ])
  }

  @Test func anAnswerThatDoesNotDecodeIsReportedWithItsLine() async throws {
    let recording = try Recording(
      parsing: """
        # tide session
        answer @0ms #1 "login" value {"name":"Ada"}
        answer @0ms #2 "login" error Elsewhere.Failure {"gone":{}}
        answer @0ms #1 "count" value "seven"
        """)
    let calls = RecordedCalls(replaying: recording, clock: ManualClock())
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      await #expect(throws: RecordedCallError.self) {
        try await calls.call("login", errors: LoginServiceError.self) { () -> User in
          throw CancellationError()
        }
      }
      await #expect(throws: RecordedCallError.self) {
        try await calls.call("login", errors: LoginServiceError.self) { () -> User in
          throw CancellationError()
        }
      }
      await #expect(throws: RecordedCallError.self) {
        try await calls.call("count") { () -> Int in 7 }
      }
      _ = try? await calls.call("none") { 1 }
    }
    #expect(issues.all.count == 4)
    #expect(
      issues.all[0].hasPrefix(
        #"The recorded answer for call #1 of "login" does not decode: it is not LoginFeature.User: "#
      )
    )
    #expect(issues.all[0].hasSuffix(" (line 2 of the recording)"))
    #expect(
      issues.all[1]
        == #"The recorded answer for call #2 of "login" does not decode: it is an error of type Elsewhere.Failure, and the call throws LoginFeature.LoginServiceError (line 3 of the recording)"#
    )
    #expect(
      issues.all[2].hasPrefix(
        #"The recorded answer for call #1 of "count" does not decode: it is not Swift.Int: "#))
  }

  @Test func valuesKeepTheCharactersAFileTakesForLineBreaks() async throws {
    let recorder = Recorder(feature: "test", environment: "test")
    let awkward = "a\u{2028}b\u{2029}c\u{85}d\ne\"f\\"
    // On a manual clock, the answers are timed @0ms: recorded on the real clock, a slow
    // machine timed them later than 0, and the replay below, on a clock nobody moves, waited
    // for that time for ever (the suite's rare hang).
    let store = Store(
      initialState: 0, reducer: Reducer<Int, Tick, Void> { _, _, _ in .none }, environment: (),
      drivenBy: ManualClock())
    try store.record(into: recorder)
    let value = try await recorder.calls.call("echo") { awkward }
    #expect(value == awkward)
    let text = recorder.recording().text
    // Nine lines of header, the recording's mark, start and notes, and the answer on one line.
    let lines = text.split(whereSeparator: \.isNewline)
    #expect(lines.count == 10)
    #expect(
      lines.last?.hasPrefix(#"answer @0ms #1 "echo" value "a\u2028b\u2029c\u0085d\ne\"f\\""#)
        == true)
    let clock = ManualClock()
    let replayed = try await RecordedCalls(replaying: try Recording(parsing: text), clock: clock)
      .call("echo") { "not this" }
    #expect(replayed == awkward)
  }
}

extension Recording.Result {
  var isCancelled: Bool { self == .cancelled }
}
