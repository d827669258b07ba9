import Foundation
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
