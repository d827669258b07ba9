import Foundation
import LoginFeature
import Testing
import Tide
import TideRecord
import TideTestSupport

/// A store records its session: sent and received actions with their times, and what the
/// environment's calls answered; secrets stay out unless asked for.
@MainActor
@Suite struct RecorderTests {
  static let notes = """
    # Recorded by Tide: `--open FILE` in a REPL that has this feature (`tide` for Tide's own)
    # replays it, the environment's calls answered from this file. It is readable by you only;
    # keep it private.
    """

  static let user =
    #"User(name: "Pritesh", userName: "pritesh", email: "pritesh@example.com", address: "Pune, India", designation: "iOS Developer")"#
  static let userJSON =
    #"{"address":"Pune, India","designation":"iOS Developer","email":"pritesh@example.com","name":"Pritesh","userName":"pritesh"}"#

  /// Logs in on the demo backend, on a virtual clock, recorded.
  static func recordedLogin(
    password: String = "Secret1", redacts: Bool = true
  ) async throws -> Recording {
    let clock = ManualClock()
    let recorder = Recorder(feature: "login", environment: "demo")
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer,
      environment: Login.Environment.demo(clock: clock).recorded(by: recorder.calls),
      drivenBy: clock)
    try store.record(into: recorder)
    store.send(.usernameChanged("pritesh"))
    await clock.advance(by: .milliseconds(250))
    store.send(.passwordChanged(password))
    store.send(.loginButtonTapped)
    await clock.advance(by: .seconds(1))
    return recorder.recording(redacts: redacts)
  }

  @Test func aRecordingHoldsEveryActionWithItsTimeAndWhatTheCallsAnswered() async throws {
    let recording = try await Self.recordedLogin()
    #expect(
      recording.text == """
        # tide session
        # feature: login
        # environment: demo
        # recording: its calls answer from the answer lines
        # start: 0b31aa6f11555ebd
        \(Self.notes)
        # Secrets are stand-ins of the same shape: A for a capital, a for a small letter, 0 for a digit.
        send @0ms .usernameChanged("pritesh")
        send @250ms .passwordChanged("Aaaaaa0")
        send @250ms .loginButtonTapped
        answer @1050ms #1 "login" value \(Self.userJSON)
        receive @1050ms .loginResponse(.success(\(Self.user)))

        """)
    #expect(recording.steps.map(\.received) == [false, false, false, true])
    let answer = try #require(recording.answers.first)
    #expect(recording.answers.count == 1)
    #expect(answer.name == "login" && answer.number == 1 && answer.time == .milliseconds(1050))
    #expect(answer.result == .value(json: Self.userJSON))
  }

  @Test func secretsAreWrittenOnlyWhenAskedFor() async throws {
    let with = try await Self.recordedLogin(redacts: false)
    #expect(with.steps[1].action == #".passwordChanged("Secret1")"#)
    #expect(!with.text.contains("stand-ins"))
    // Every kind of character keeps its kind, and the length stays.
    let odd = try await Self.recordedLogin(password: "Zé9 x!")
    #expect(odd.steps[1].action == #".passwordChanged("A-0-a-")"#)
  }

  @Test func aRecordingReadsBackAsItWasWritten() async throws {
    let recording = try await Self.recordedLogin()
    let read = try Recording(parsing: recording.text)
    #expect(read.steps == recording.steps)
    #expect(read.answers == recording.answers)
    #expect(read.feature == "login")
    #expect(read.environment == "demo")
    #expect(try Recording(parsing: read.text).text == read.text)
  }

  /// The header's lines are read trimmed: names with spaces around them, or line breaks in
  /// them, are written so that the recording reads back equal to itself.
  @Test(arguments: [("  login  ", " live\t"), ("log\nin", "li\r\nve"), ("login", "")])
  func aRecordingWhoseNamesHoldSpacesReadsBackEqual(feature: String, environment: String) throws {
    let recording = Recorder(feature: feature, environment: environment).recording()
    #expect(try Recording(parsing: recording.text) == recording)
  }

  @Test func receivedActionsAreToldApartFromSentOnes() async throws {
    // An action a `.send` effect queues, and one an effect delivers later, are received.
    let clock = ManualClock()
    let recorder = Recorder(feature: "counter", environment: "test")
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Tick, Void> { state, action, _ in
        switch action {
        case .start: return .merge(.send(.tick), .run { send in await send(.tick) })
        case .tick:
          state += 1
          return .none
        case .mark: return .none
        }
      }, environment: (), drivenBy: clock)
    try store.record(into: recorder)
    store.send(.start)
    await clock.advance()
    #expect(recorder.recording().steps.map(\.received) == [false, true, true])
    #expect(store.state == 2)
  }

  @Test func whatAnObserverSendsAfterAReceivedActionIsSent() async throws {
    let clock = ManualClock()
    let recorder = Recorder(feature: "counter", environment: "test")
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Tick, Void> { state, action, _ in
        switch action {
        case .start: return .run { send in await send(.tick) }
        case .tick:
          state += 1
          return .none
        case .mark:
          state += 10
          return .none
        }
      }, environment: (), drivenBy: clock)
    try store.record(into: recorder)
    // An observer that answers the received tick, as a view's onChange would.
    let observation = store.observe(
      { $0 },
      onChange: { count in
        if count == 1 { store.send(.mark) }
      })
    store.send(.start)
    await clock.advance()
    #expect(recorder.recording().steps.map(\.action) == [".start", ".tick", ".mark"])
    #expect(recorder.recording().steps.map(\.received) == [false, true, false])
    #expect(store.state == 11)
    withExtendedLifetime(observation) {}
  }

  @Test func recordingIsRefusedWhereItCannotBeRight() async throws {
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented)
    let recorder = Recorder(feature: "login", environment: "test")
    try store.record(into: recorder)
    #expect(
      throws: RecordingError.cannotRecord(
        "this store is already recorded: call stopRecording() first")
    ) {
      try store.record(into: Recorder(feature: "login", environment: "test"))
    }
    let other = Store(
      initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented)
    #expect(
      throws: RecordingError.cannotRecord(
        "this recorder already records a store: make one recorder per store")
    ) {
      try other.record(into: recorder)
    }
    let scoped = store.makeChildStore(
      state: { $0.username }, action: { Login.Action.usernameChanged($0) })
    #expect(
      throws: RecordingError.cannotRecord(
        "a scoped store cannot be recorded: record the store it was scoped from, which reduces its actions"
      )
    ) {
      try scoped.record(into: Recorder(feature: "login", environment: "test"))
    }
    // Stopping keeps what the recorder has; the same store may start again, another may not.
    store.send(.usernameChanged("a"))
    store.stopRecording()
    store.send(.usernameChanged("ab"))
    #expect(recorder.count == 1)
    #expect(
      throws: RecordingError.cannotRecord(
        "this recorder recorded another store: make one recorder per store")
    ) {
      try other.record(into: recorder)
    }
    try store.record(into: recorder)
    store.send(.usernameChanged("abc"))
    #expect(
      recorder.recording().steps.map(\.action) == [
        #".usernameChanged("a")"#, #".usernameChanged("abc")"#,
      ])
  }

  @Test func aRecorderStopsAtItsLimitAndSaysSoOnce() async throws {
    let issues = ReportedIssues()
    let recorder = Recorder(feature: "login", environment: "test", limit: 2)
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented)
    try store.record(into: recorder)
    IssueReporter.$current.withValue(issues.reporter) {
      for name in ["a", "b", "c", "d"] { store.send(.usernameChanged(name)) }
    }
    #expect(recorder.count == 2)
    #expect(
      issues.all == [
        "The recorder of login stopped at its limit of 2 steps and answers; what came after is not recorded."
      ])
    #expect(
      recorder.recording().text.contains(
        "# The recorder stopped at its limit of 2 steps and answers."))
  }

  /// A clock past the furthest a recording's times go (about 31 years) would make a file that
  /// cannot be read back: the recording ends before it, and says so.
  @Test func aRecorderStopsWhenTheClockPassesTheFurthestARecordingReads() async throws {
    let issues = ReportedIssues()
    let clock = ManualClock()
    let recorder = Recorder(feature: "login", environment: "test")
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented,
      drivenBy: clock)
    try store.record(into: recorder)
    store.send(.usernameChanged("a"))
    await clock.advance(by: .seconds(1_000_000_000))
    store.send(.usernameChanged("ab"))
    await clock.advance(by: .milliseconds(1))
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.usernameChanged("abc"))
      store.send(.usernameChanged("abcd"))
    }
    #expect(recorder.count == 2)
    #expect(
      issues.all == [
        "The recorder of login stopped when the clock passed 1000000000000ms (about 31 years), the furthest a recording's times go; what came after is not recorded."
      ])
    let recording = recorder.recording()
    #expect(
      recording.text.contains(
        "# The recorder stopped when the clock passed 1000000000000ms, the furthest a recording's times go."
      ))
    #expect(try Recording(parsing: recording.text) == recording)
  }

  @Test func realTimeIsUsedWhenTheStoreHasNoVirtualClock() async throws {
    let recorder = Recorder(feature: "login", environment: "test")
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented)
    try store.record(into: recorder)
    store.send(.usernameChanged("a"))
    store.send(.usernameChanged("ab"))
    let times = recorder.recording().steps.map(\.time)
    #expect(times.count == 2)
    #expect(times[0] >= .zero && times[1] >= times[0])
    // Real time is kept to the nanosecond, and reads back as it was (issue 33, §4).
    let recording = recorder.recording()
    #expect(try Recording(parsing: recording.text) == recording)
    #expect(try Recording(parsing: recording.text).steps.map(\.time) == times)
  }
}

enum Tick: Equatable, Sendable {
  case start
  case tick
  case mark
}
