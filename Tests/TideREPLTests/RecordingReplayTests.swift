import Foundation
import Testing
import Tide
import TideExplore
import TideREPL
import TideRecord
import TideTestSupport

/// A feature whose one call fetches a quote: recorded by a store in the test, replayed by the
/// REPL without the call ever running.
enum Quotes {
  struct State: Equatable {
    var quote: String?
    var error: String?
  }
  enum Action: Equatable, Sendable, Codable {
    case fetchTapped
    case fetched(String)
    case failed(String)
  }
  struct Environment {
    var fetch: @Sendable () async throws -> String
    var clock: any Clock<Duration>

    func recorded(by calls: RecordedCalls) -> Self {
      let fetch = self.fetch
      return Self(fetch: { try await calls.call("fetch") { try await fetch() } }, clock: clock)
    }
  }
  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .fetchTapped:
      return .run(name: "fetch") { send in
        try await environment.clock.sleep(for: .milliseconds(200))
        await send(.fetched(try await environment.fetch()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .fetched(let quote):
      state.quote = quote
      return .none
    case .failed(let error):
      state.error = error
      return .none
    }
  }

  struct ServerDown: Error, CustomStringConvertible {
    var description: String { "the server is down" }
  }

  /// How many times the live call ran, in every test.
  static let liveCalls = ValueLog<Int>()

  @MainActor
  static func feature(replays: Bool = true) -> REPLFeature {
    REPLFeature(
      name: "quotes", summary: "a quote from a server",
      initialState: State(), reducer: reducer,
      environments: [
        REPLEnvironment("live", summary: "the server") { clock in
          Environment(
            fetch: {
              liveCalls.append(1)
              return "live"
            }, clock: clock)
        }
      ],
      examples: [.fetchTapped],
      export: REPLTestExport(imports: ["QuotesFeature"], reducer: "Quotes.reducer"),
      exploration: REPLExploration(
        Explorer(
          name: "quotes", initialState: State(), reducer: reducer,
          environment: { calls, clock in
            Environment(
              fetch: {
                try await calls.call("fetch", outcomes: [.success("A quote."), .success("")])
              }, clock: clock)
          },
          actions: { _ in [.fetchTapped] },
          invariants: [.always("a quote is never empty") { state in state.quote != "" }])),
      recording: replays
        ? REPLRecording(
          testExpression: "Quotes.Environment(fetch: { \"\" }, clock: clock).recorded(by: calls)"
        ) { calls, clock in
          Environment(
            fetch: {
              Issue.record("a replayed call ran")
              return ""
            }, clock: clock
          ).recorded(by: calls)
        } : nil)
  }

  /// A session recorded by a store in this process: two quotes, the second call failing.
  @MainActor
  static func recordedFile(in folder: ScratchFolder) async throws -> String {
    let clock = ManualClock()
    let recorder = Recorder(feature: "quotes", environment: "staging")
    let answers = ValueLog<Int>()
    let store = Store(
      initialState: State(), reducer: reducer,
      environment: Environment(
        fetch: {
          answers.append(1)
          if answers.all.count == 2 { throw ServerDown() }
          return "Simplicity is prerequisite for reliability."
        }, clock: clock
      ).recorded(by: recorder.calls),
      drivenBy: clock)
    try store.record(into: recorder)
    store.send(.fetchTapped)
    await clock.advance(by: .milliseconds(200))
    store.send(.fetchTapped)
    await clock.advance(by: .milliseconds(200))
    let path = folder.path + "/quotes.tide"
    try recorder.recording().write(toFile: path)
    return path
  }
}

@MainActor
@Suite struct RecordingReplayTests {
  /// A received action checked against the file is checked by its action; its time is the
  /// re-run's, which a recording made on the real clock cannot match to the nanosecond: the
  /// REPL says when they differ, rather than show other times without a word.
  @Test func aReceivedActionAtAnotherTimeThanTheFileSaysIsNoted() async throws {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let moved = folder.path + "/moved.tide"
    // The last step: the second call's failure, sent at 400 ms.
    try text.replacingOccurrences(of: "receive @400ms", with: "receive @450ms")
      .write(toFile: moved, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Quotes.feature()])
    let output = await transcript.run(":load \(moved)")
    #expect(
      output.contains(
        "    1 received action came at another time here than the file says (line 15: @400ms, not @450ms): the history keeps this run's times\n"
      ), "\(output)")
    // The file as recorded says nothing of it.
    let clean = await transcript.run(":load \(path)")
    #expect(!clean.contains("another time"), "\(clean)")
  }

  /// An answer for a call the steps never made (a name the feature has no call of) is taken
  /// by no call: said, and kept.
  @Test func anAnswerNoCallTakesIsReportedAndKept() async throws {
    let folder = try ScratchFolder("quotes")
    let path = folder.path + "/other.tide"
    try """
    # tide session
    # feature: quotes
    # recording: its calls answer from the answer lines
    send @0ms .fetchTapped
    answer @0ms #1 "weather" value "sunny"
    answer @200ms #1 "fetch" value "A quote."
    receive @200ms .fetched("A quote.")

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Quotes.feature()])
    let output = await transcript.run(":load \(path)", ":save \(folder.path)/saved.tide")
    #expect(
      output.contains(
        "  ! the file answers 1 call the steps never made here (#1 \"weather\"): quotes makes no such call, or fewer of them, so nothing takes the answer (it stays in the session, and :save keeps it)\n"
      ), "\(output)")
    let saved = try String(contentsOfFile: folder.path + "/saved.tide", encoding: .utf8)
    #expect(saved.contains("answer @0ms #1 \"weather\" value \"sunny\""), "\(saved)")
    // A name as long as a file may hold is cut, and its odd characters are escaped.
    let long = folder.path + "/long.tide"
    let name = "\u{1B}[31m" + String(repeating: "w", count: 100_000)
    try """
    # tide session
    # feature: quotes
    # recording: its calls answer from the answer lines
    send @0ms .fetchTapped
    answer @0ms #1 "\\u001b[31m\(name.dropFirst(5))" value "sunny"

    """.write(toFile: long, atomically: true, encoding: .utf8)
    let cut = await transcript.run(":load \(long)")
    #expect(
      cut.contains(
        "(#1 \"\\u001b[31m\(String(repeating: "w", count: 75))…\"): quotes makes no such call"),
      "\(cut.prefix(2_000))")
    #expect(cut.utf8.count < 2_000)
  }

  @Test func aLoadedRecordingReplaysWithItsCallsAnsweredFromTheFile() async throws {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let transcript = try Transcript(features: [Quotes.feature()])
    let before = Quotes.liveCalls.all.count
    let output = await transcript.run(":load \(path)", ":history", ":jump 1", ":jump 4")
      .replacingOccurrences(of: folder.path, with: "$FOLDER")
    #expect(
      output == """
        quotes> :load $FOLDER/quotes.tide
        loaded 4 steps of quotes (environment: replay)
            a recording made in staging: its calls answer from the file's 2 recorded answers, and none runs
        quotes> :history
           0  (initial state)
           1  → .fetchTapped  @0ms
           2  ← .fetched("Simplicity is prerequisite for reliability.")  @200ms
           3  → .fetchTapped  @200ms
        ▸  4  ← .failed("the server is down")  @400ms
        quotes> :jump 1
        ⟲ step 1 of 4, re-run from the initial state
              Quotes.State(
            −   quote: "Simplicity is prerequisite for reliability.",
            +   quote: nil,
            −   error: "the server is down"
            +   error: nil
              )
            in flight again: .run("fetch")
        quotes> :jump 4
        ⟲ step 4 of 4, re-run from the initial state
              Quotes.State(
            −   quote: nil,
            +   quote: "Simplicity is prerequisite for reliability.",
            −   error: nil
            +   error: "the server is down"
              )

        """)
    #expect(Quotes.liveCalls.all.count == before)
  }

  @Test func theExplorerStartsFromAStepOfTheRecording() async throws {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let transcript = try Transcript(features: [Quotes.feature()])
    await transcript.run(":load \(path)", ":jump 2")
    let output = await transcript.run(":explore here exhaustive 3", ":state quote")
    #expect(
      output.contains("exploring quotes from step 2: exhaustive to depth 3"), "\(output)")
    #expect(output.contains("An invariant does not hold: a quote is never empty."))
    #expect(output.contains("starting at step 2 of the session explored"))
    #expect(output.hasSuffix("quotes> :state quote\n\"\"\n"), "\(output)")
    // Step 0 of the loaded schedule is the recording's step 2.
    #expect(
      await transcript.run(":jump 0", ":state quote").hasSuffix(
        "quotes> :state quote\n\"Simplicity is prerequisite for reliability.\"\n"))
  }

  @Test func aCallPastTheRecordingIsReportedAndFails() async throws {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let transcript = try Transcript(features: [Quotes.feature()])
    await transcript.run(":load \(path)")
    let output = await transcript.run(".fetchTapped", ":advance 200ms")
    #expect(
      output.contains(
        #"  ! The recording has no answer for call #3 of "fetch". The replay made more calls of "fetch" than the recording, which answers 2."#
      ), "\(output)")
    #expect(output.contains(#"← .failed("The recording has no answer for call #3 of \"fetch\".")"#))
  }

  @Test func savingKeepsTheAnswersAndTheExportedTestReadsThemBack() async throws {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let transcript = try Transcript(features: [Quotes.feature()])
    await transcript.run(":load \(path)", ":save \(folder.path)/again.tide")
    let saved = try String(contentsOfFile: folder.path + "/again.tide", encoding: .utf8)
    #expect(saved.contains("# environment: replay"))
    #expect(
      saved.contains(
        #"answer @200ms #1 "fetch" value "Simplicity is prerequisite for reliability.""#))
    #expect(saved.contains(#"answer @400ms #2 "fetch" failure "the server is down""#))
    let again = try Transcript(features: [Quotes.feature()])
    #expect(
      await again.run(":load \(folder.path)/again.tide").contains(
        "loaded 4 steps of quotes (environment: replay)"))

    await transcript.run(":export-test \(folder.path)/Replayed.swift")
    let test = try String(contentsOfFile: folder.path + "/Replayed.swift", encoding: .utf8)
    #expect(
      test.contains(
        """
          let clock = ManualClock()
          let recording = try Recording(
            parsing: #\"\"\"
              # tide session
              answer @200ms #1 "fetch" value "Simplicity is prerequisite for reliability."
              answer @400ms #2 "fetch" failure "the server is down"
              \"\"\"#)
          let calls = RecordedCalls(replaying: recording, clock: clock)
          let store = TestStore(
            initialState: Quotes.State(quote: nil, error: nil),
            reducer: Quotes.reducer,
            environment: Quotes.Environment(fetch: { "" }, clock: clock).recorded(by: calls)
          )
        """), "\(test)")
    #expect(test.contains("@Test func replayed() async throws {"), "\(test)")
    #expect(test.contains("import TideRecord"))
  }

  /// A recording on the real clock where a tap falls in the same instant as a call's answer, just
  /// before it (issue 33, §4): the replay keeps the file's order, and the times read back exact.
  @Test func aTapInTheInstantOfAnAnswerBeforeItReplaysInTheFilesOrder() async throws {
    let folder = try ScratchFolder("quotes")
    let text = """
      # tide session
      # feature: quotes
      # environment: staging
      send @0.25ms .fetchTapped
      send @200.250125ms .fetchTapped
      answer @200.250125ms #1 "fetch" value "Now."
      receive @200.250125ms .fetched("Now.")

      """
    let path = folder.file("same-instant.tide")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Quotes.feature()])
    let output = await transcript.run(":load \(path)", ":history", ":save \(path)-again")
    #expect(
      output.hasPrefix(
        """
        quotes> :load \(path)
        loaded 3 steps of quotes (environment: replay)
        """), "\(output)")
    #expect(
      output.contains(
        """
        quotes> :history
           0  (initial state)
           1  → .fetchTapped  @0.25ms
           2  → .fetchTapped  @200.250125ms
        ▸  3  ← .fetched("Now.")  @200.250125ms
        """), "\(output)")
    let saved = try String(contentsOfFile: path + "-again", encoding: .utf8)
    let original = try Recording(parsing: text)
    let again = try Recording(parsing: saved)
    #expect(again.steps == original.steps)
    #expect(again.answers == original.answers)
  }

  @Test func aRecordingSavedAfterJumpingBackLoadsAgain() async throws {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let transcript = try Transcript(features: [Quotes.feature()])
    // Back to step 1, the clock moved on a little: the second answer comes after the clock.
    await transcript.run(
      ":load \(path)", ":jump 1", ":advance 50ms", ":save \(folder.path)/back.tide")
    let saved = try String(contentsOfFile: folder.path + "/back.tide", encoding: .utf8)
    #expect(saved.hasSuffix("\n# clock: @50ms\n"), "\(saved)")
    let again = try Transcript(features: [Quotes.feature()])
    #expect(
      await again.run(":load \(folder.path)/back.tide").contains(
        "loaded 1 step of quotes (environment: replay)"))
  }

  @Test func aRecordingNeedsAFeatureThatReplaysAndTheReplayEnvironmentNeedsARecording()
    async throws
  {
    let folder = try ScratchFolder("quotes")
    let path = try await Quotes.recordedFile(in: folder)
    let without = try Transcript(features: [Quotes.feature(replays: false)])
    #expect(
      await without.run(":load \(path)").contains(
        "error: the file holds recorded answers, and quotes cannot replay them: register REPLFeature(…, recording:)"
      ))
    let with = try Transcript(features: [Quotes.feature()])
    #expect(
      await with.run(":env replay").contains(
        "error: no recording is loaded: the replay environment answers calls from one; :load or tide --open a recording first"
      ))
    #expect(throws: REPLError.replayNeedsRecording(feature: "quotes")) {
      try REPL(features: [Quotes.feature()], environment: "replay", write: { _ in })
    }
  }

  @Test func anAnswerThatDoesNotDecodeStopsTheLoadAndLeavesTheSessionAsItWas() async throws {
    let folder = try ScratchFolder("quotes")
    let path = folder.path + "/broken.tide"
    try """
    # tide session
    # feature: quotes
    send @0ms .fetchTapped
    answer @200ms #1 "fetch" value 42
    receive @200ms .fetched("42")

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Quotes.feature()])
    let output = await transcript.run(":load \(path)", ":history")
      .replacingOccurrences(of: folder.path, with: "$FOLDER")
    #expect(
      output == #"""
        quotes> :load $FOLDER/broken.tide
        error: line 5: re-running the session gave ← .failed("The recorded answer for call #1 of \"fetch\" does not dec…") where the history has ← .fetched("42"); the session is unchanged
        quotes> :history
        No steps yet: send an action, such as .fetchTapped.

        """#)
  }
}

/// What a replay reports while `:load` re-runs a recording, and later from the effects it left
/// running, is printed: the file's steps never ran here before.
@MainActor
@Suite struct RecordingReplayWarningTests {
  @Test func anAnswerThatDoesNotDecodeIsReportedWhenTheRecordingLoads() async throws {
    let folder = try ScratchFolder("quotes")
    let path = folder.path + "/wrong.tide"
    try """
    # tide session
    # feature: quotes
    send @0ms .fetchTapped
    answer @200ms #1 "fetch" value 42
    # clock: @1s

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Quotes.feature()])
    let output = await transcript.run(":load \(path)")
    #expect(
      output.contains(
        #"  ! The recorded answer for call #1 of "fetch" does not decode: it is not Swift.String: "#
      ), "\(output)")
    #expect(output.contains(" (line 4 of the recording)\n"), "\(output)")
  }

  @Test func aCallPastTheRecordingFromAnEffectTheLoadLeftRunningIsReported() async throws {
    let folder = try ScratchFolder("quotes")
    let path = folder.path + "/short.tide"
    try """
    # tide session
    # feature: quotes
    send @0ms .fetchTapped
    answer @200ms #1 "fetch" value "a"
    receive @200ms .fetched("a")
    send @300ms .fetchTapped

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Quotes.feature()])
    await transcript.run(":load \(path)")
    let output = await transcript.run(":advance 1s")
    #expect(
      output.contains(
        #"  ! The recording has no answer for call #2 of "fetch". The replay made more calls of "fetch" than the recording, which answers 1."#
      ), "\(output)")
  }
}
