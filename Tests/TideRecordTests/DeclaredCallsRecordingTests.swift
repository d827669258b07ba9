import Testing
import Tide
import TideRecord
import TideTestSupport

/// An environment that declares its calls is recorded and replayed without wrappers of its
/// own: a `Void` result, an error kept as itself, and a result that cannot be kept, which is
/// reported once and replayed as a failure that says why.
@MainActor
@Suite struct DeclaredCallsRecordingTests {
  static func live(clock: ManualClock) -> Notes.Environment {
    var environment = Notes.Environment.unimplemented
    environment.save = { text in if text == "offline" { throw Notes.SyncError.offline } }
    environment.load = { ["milk", "eggs"] }
    environment.open = { Notes.Handle(number: 7) }
    environment.clock = clock
    return environment
  }

  /// Types, saves, loads and opens, recorded.
  static func script(_ store: Store<Notes.State, Notes.Action>, _ clock: ManualClock) async {
    store.send(.textChanged("milk"))
    await clock.advance(by: .seconds(1))
    store.send(.textChanged("offline"))
    await clock.advance(by: .seconds(1))
    store.send(.loadTapped)
    await store.send(.openTapped).finish()
    await clock.advance(by: .seconds(1))
  }

  @Test func aVoidResultAndAKeptErrorReplayAsRecorded() async throws {
    let clock = ManualClock()
    let recorder = Recorder(feature: "notes", environment: "test")
    let store = Store(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Self.live(clock: clock).recorded(by: recorder.calls), drivenBy: clock)
    try store.record(into: recorder)
    let message =
      #"The answers of "open" cannot be recorded: TideTestSupport.Notes.Handle is not Codable. A replay throws RecordedCallError.failed for them; make the type Codable to keep them."#
    await withKnownIssue {
      await Self.script(store, clock)
    } matching: { issue in
      // Pointing at the call's declaration, `EnvironmentCall("open", \.open)` in Notes.swift,
      // not at the test that drove the store.
      issue.comments.first?.rawValue == message
        && issue.sourceLocation?.fileID == "TideTestSupport/Notes.swift"
        && issue.sourceLocation?.line == 169
    }
    let recording = recorder.recording()
    #expect(
      recording.answers.map(\.result) == [
        .value(json: "null"),
        .error(type: "TideTestSupport.Notes.SyncError", json: #"{"offline":{}}"#),
        .value(json: #"["milk","eggs"]"#),
        .failure(description: message),
      ])
    #expect(store.state.saves == 1)
    #expect(store.state.errorMessage == "offline")
    #expect(store.state.loaded == ["milk", "eggs"])
    #expect(store.state.handle == Notes.Handle(number: 7))

    // The replay's environment is the unimplemented one: nothing real runs, and its clock is
    // the replay's.
    let replayClock = ManualClock()
    let replay = Store(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Notes.Environment.replaying(
        RecordedCalls(replaying: recording, clock: replayClock)),
      drivenBy: replayClock)
    await Self.script(replay, replayClock)
    #expect(replay.state.saves == 1)
    #expect(replay.state.errorMessage == message)
    #expect(replay.state.loaded == ["milk", "eggs"])
    #expect(replay.state.handle == nil)
  }

  @Test func aVoidAnswerThatIsNotNullIsUndecodable() async throws {
    let recording = try Recording(
      parsing: """
        # tide session
        # feature: notes
        answer @0ms #1 "save" value 42

        """)
    let clock = ManualClock()
    let environment = Notes.Environment.replaying(RecordedCalls(replaying: recording, clock: clock))
    await withKnownIssue {
      await #expect(
        throws: RecordedCallError.undecodable(
          call: "save", number: 1, reason: "the call returns Void, and the answer is 42")
      ) {
        try await environment.save("x")
      }
    } matching: { issue in
      issue.comments.first?.rawValue
        == #"The recorded answer for call #1 of "save" does not decode: the call returns Void, and the answer is 42 (line 3 of the recording)"#
    }
  }
  /// Synchronous calls made while reducing are kept as they answer, in the order made, and a
  /// replay answers them at once from the recording, though its environment is unimplemented.
  @Test func synchronousCallsAreRecordedAndReplayedAtOnce() async throws {
    let recorder = Recorder(feature: "stamps", environment: "test")
    let ids = Lock(40)
    let live = Stamps.Environment(
      nextID: {
        ids.withLock {
          $0 += 1
          return $0
        }
      },
      template: { name in
        guard name == "greeting" else { throw Stamps.TemplateError.missing }
        return "Hello"
      })
    let store = Store(
      initialState: Stamps.State(), reducer: Stamps.reducer,
      environment: live.recorded(by: recorder.calls))
    try store.record(into: recorder)
    let actions: [Stamps.Action] = [
      .addTapped("a"), .templateTapped("greeting"), .templateTapped("x"),
    ]
    for action in actions { store.send(action) }
    let recording = recorder.recording()
    #expect(
      recording.answers.map { "\($0.name) #\($0.number): \($0.result)" } == [
        #"nextID #1: value(json: "41")"#,
        #"template #1: value(json: "\"Hello\"")"#,
        #"nextID #2: value(json: "42")"#,
        #"template #2: error(type: "TideTestSupport.Stamps.TemplateError", json: "{\"missing\":{}}")"#,
      ])
    #expect(try Recording(parsing: recording.text) == recording)

    let replay = Store(
      initialState: Stamps.State(), reducer: Stamps.reducer,
      environment: Stamps.Environment.replaying(
        RecordedCalls(replaying: recording, clock: ManualClock())))
    for action in actions { replay.send(action) }
    #expect(replay.state == store.state)
    #expect(replay.state.entries == [.init(id: 41, text: "a"), .init(id: 42, text: "Hello")])
    #expect(replay.state.errorMessage == "missing")

    // One call more than recorded: the replay says so, and a call that cannot throw says what
    // it returned instead.
    withKnownIssue {
      replay.send(.addTapped("b"))
    } matching: { issue in
      let text = issue.comments.first?.rawValue
      return text
        == #"The recording has no answer for call #3 of "nextID". The replay made more calls of "nextID" than the recording, which answers 2."#
        || text
          == #"The call "nextID" cannot throw, and it could not be answered, so it returned what the environment's own nextID returns instead. Why: The recording has no answer for call #3 of "nextID"."#
    }
    #expect(replay.state.entries.last == .init(id: 0, text: "b"))
  }
}
