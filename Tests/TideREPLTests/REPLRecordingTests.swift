import Foundation
import Synchronization
import Testing
import Tide
import TideInspect
import TideRecord
import TideTestSupport

@testable import TideREPL

/// A feature whose environment declares its calls registers its recordings in one word, and
/// its exported replays name the type as a test can.
@Suite struct REPLRecordingTests {
  @Test func aDeclaredEnvironmentReplaysUnderItsOwnName() {
    #expect(
      REPLRecording<Notes.Environment>().testExpression == "Notes.Environment.replaying(calls)")
  }

  private struct Hidden: InterceptableEnvironment {
    static let calls: [EnvironmentCall<Self>] = []
    static let unimplemented = Self()
  }

  @Test func aPrivateEnvironmentHasNoExpressionATestCouldUse() {
    #expect(REPLRecording<Hidden>().testExpression == nil)
  }
}

/// A payload that gives its own call for tests (`SourceExpressible`) is still saved with its
/// fields, which the REPL reads back through `Decodable`: whatever Tide writes, it opens again.
enum Receipts {
  struct Receipt: Equatable, Sendable, Codable, SourceExpressible {
    private(set) var number: String
    private(set) var lines: Int

    init(number: String) {
      self.number = number
      self.lines = number.count
    }

    var sourceExpression: SourceExpression {
      SourceExpression("Receipts.Receipt", ["number": number])
    }
  }

  enum Action: Equatable, Sendable, Codable {
    case checkedOut(Receipt)
  }

  static let reducer = Reducer<[Receipt], Action, Void> { receipts, action, _ in
    guard case .checkedOut(let receipt) = action else { return .none }
    receipts.append(receipt)
    return .none
  }

  @MainActor static var feature: REPLFeature {
    REPLFeature(
      name: "receipts", summary: "receipts", initialState: [], reducer: reducer,
      environments: [REPLEnvironment("none", summary: "nothing", testExpression: "()") { _ in }],
      export: REPLTestExport(imports: [], reducer: "Receipts.reducer", initialState: "[]"))
  }
}

@MainActor
@Suite struct SourceExpressiblePayloadTests {
  @Test func aSavedSessionOpensAgainAndItsTestUsesTheTypesCall() async throws {
    let scratch = try ScratchFolder("receipts")
    let session = scratch.file("receipts.tide")
    let test = scratch.file("ReceiptsTests.swift")
    let transcript = try Transcript(features: [Receipts.feature])
    await transcript.run(
      #".checkedOut(Receipts.Receipt(number: "R-1", lines: 3))"#, ":save \(session)",
      ":export-test \(test)")
    #expect(
      try String(contentsOfFile: session, encoding: .utf8).contains(
        #"send @0ms .checkedOut(Receipts.Receipt(number: "R-1", lines: 3))"#))
    #expect(
      try String(contentsOfFile: test, encoding: .utf8).contains(
        #"await store.send(.checkedOut(Receipts.Receipt(number: "R-1"))) {"#))
    let fresh = try Transcript(features: [Receipts.feature])
    #expect(
      await fresh.run(":load \(session)").hasPrefix(
        """
        receipts> :load \(session)
        loaded 1 step of receipts (environment: none)
        """))
  }

  @Test func aRecordingKeepsThePayloadsFields() throws {
    let recorder = Recorder(feature: "receipts", environment: "none")
    let store = Store(initialState: [], reducer: Receipts.reducer, environment: ())
    try store.record(into: recorder)
    store.send(.checkedOut(Receipts.Receipt(number: "R-1")))
    #expect(
      recorder.recording().steps.map(\.action) == [
        #".checkedOut(Receipts.Receipt(number: "R-1", lines: 3))"#
      ])
  }
}

/// A REPL executable of your own is named in the REPL's messages, not `tide`.
@MainActor
@Suite struct CommandNameTests {
  @Test func aMessageNamesTheCommandThatRunsTheREPL() async throws {
    var output = ""
    let repl = try REPL(
      features: [Quotes.feature()], options: REPLOptions(commandName: "swift run notes"),
      write: { output += $0 })
    _ = await repl.handle(":env replay")
    #expect(
      output.contains(
        "no recording is loaded: the replay environment answers calls from one; :load or swift run notes --open a recording first"
      ), "\(output)")
  }
}

/// A recording of a store that began from another state than the feature's initial state
/// replays from the feature's all the same, so the REPL says so (a new user's served app began
/// from its own state: `--open` and `tide attach` showed states it never had, and nothing said
/// so).
@MainActor
@Suite struct RecordingStartTests {
  @Test func aRecordingOfAStoreThatBeganElsewhereSaysSoWhenLoaded() async throws {
    let scratch = try ScratchFolder("recording-start")
    let begun = [Receipts.Receipt(number: "R-0")]
    let recorder = Recorder(feature: "receipts", environment: "none")
    let store = Store(initialState: begun, reducer: Receipts.reducer, environment: ())
    try store.record(into: recorder)
    store.send(.checkedOut(Receipts.Receipt(number: "R-1")))
    let recording = recorder.recording()
    let start = StateFingerprint.of(begun)
    #expect(recording.text.contains("\n# start: \(start)\n"))
    #expect(try Recording(parsing: recording.text) == recording)
    let file = scratch.file("receipts.tide")
    try recording.write(toFile: file)
    let transcript = try Transcript(features: [Self.receipts])
    let loaded = await transcript.run(":load \(file)")
    let here = StateFingerprint.of([Receipts.Receipt]())
    #expect(
      loaded.contains(
        "  ! the recorded store began from another state than receipts's initial state (fingerprint \(start), not \(here)), and its steps replay here from receipts's: the states shown may not be the ones it had. Record a store made with the feature's initial state, from its start.\n"
      ), "\(loaded)")
    // One that began there says nothing.
    let fromStart = Recorder(feature: "receipts", environment: "none")
    let fresh = Store(initialState: [], reducer: Receipts.reducer, environment: ())
    try fresh.record(into: fromStart)
    fresh.send(.checkedOut(Receipts.Receipt(number: "R-1")))
    try fromStart.recording().write(toFile: scratch.file("fresh.tide"))
    let clean = await transcript.run(":load \(scratch.file("fresh.tide"))")
    #expect(!clean.contains("!"), "\(clean)")
  }

  /// A feature whose initial state differs each time it is made (here a number that counts the
  /// states made; in an app, a date or a UUID made by the initialiser) never matches a
  /// recording's start: the REPL says that, not that the store began elsewhere.
  @Test func anInitialStateMadeDifferentlyEachTimeIsNamedAsSuch() async throws {
    let scratch = try ScratchFolder("recording-start")
    let made = Mutex(0)
    @Sendable func next() -> [Receipts.Receipt] {
      let number = made.withLock {
        $0 += 1
        return $0
      }
      return [Receipts.Receipt(number: "R-\(number)")]
    }
    let feature = REPLFeature(
      name: "receipts", summary: "receipts", initialState: next(), reducer: Receipts.reducer,
      environments: [REPLEnvironment("none", summary: "nothing", testExpression: "()") { _ in }],
      recording: REPLRecording(testExpression: "()") { _, _ in })
    // The app's store began from the feature's initial state as it was made there.
    let recorder = Recorder(feature: "receipts", environment: "none")
    let store = Store(
      initialState: [Receipts.Receipt(number: "R-0")], reducer: Receipts.reducer, environment: ())
    try store.record(into: recorder)
    store.send(.checkedOut(Receipts.Receipt(number: "R-9")))
    let file = scratch.file("receipts.tide")
    try recorder.recording().write(toFile: file)
    let start = StateFingerprint.of([Receipts.Receipt(number: "R-0")])
    let loaded = try await Transcript(features: [feature]).run(":load \(file)")
    // The last two states made: the one the steps replay from, and one more to compare.
    let count = made.withLock { $0 }
    let here = StateFingerprint.of([Receipts.Receipt(number: "R-\(count - 1)")])
    let again = StateFingerprint.of([Receipts.Receipt(number: "R-\(count)")])
    #expect(
      loaded.contains(
        "  ! receipts's initial state is not the same each time it is made (fingerprints \(here) and \(again): a date, an identifier or a random value made by its initialiser?), so tide cannot tell whether the recorded store (fingerprint \(start)) began from it; its steps replay here from a new one, and the states shown differ from the ones it had wherever the two differ. Take such values from the environment, or pass them in, to make the initial state the same each time.\n"
      ), "\(loaded)")
  }

  /// Receipts, with recordings.
  static var receipts: REPLFeature {
    REPLFeature(
      name: "receipts", summary: "receipts", initialState: [], reducer: Receipts.reducer,
      environments: [REPLEnvironment("none", summary: "nothing", testExpression: "()") { _ in }],
      export: REPLTestExport(imports: [], reducer: "Receipts.reducer", initialState: "[]"),
      recording: REPLRecording(testExpression: "()") { _, _ in })
  }

  @Test func aStartLineIsCheckedLikeEveryHeaderLine() throws {
    let header = "# tide session\n# feature: receipts\n"
    #expect(
      throws: RecordingError.cannotRead(
        "line 3: the start is not written like # start: 0123456789abcdef (16 hexadecimal digits)")
    ) {
      try Recording(parsing: header + "# start: 12\n")
    }
    #expect(
      throws: RecordingError.cannotRead("line 4: a second '# start:' line (the first is line 3)")
    ) {
      try Recording(parsing: header + "# start: 0123456789abcdef\n# start: 0123456789abcdef\n")
    }
  }
}
