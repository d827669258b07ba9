import Foundation
import Testing
import Tide
import TideInspect
import TideREPL
import TideTestSupport

/// A feature of the test's own, registered in a few lines, as a user would.
enum Counter {
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action: Equatable, Sendable, Codable {
    case incrementTapped
    case factTapped
    case factResponse(String)
    case set(to: Int)
  }
  struct Environment {
    var clock: any Clock<Duration>
  }
  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .set(let value):
      state.count = value
      return .none
    case .factTapped:
      return .run(name: "fact") { [count = state.count] send in
        try await environment.clock.sleep(for: .seconds(1))
        await send(.factResponse("\(count) is odd? \(count % 2 == 1)"))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    }
  }

  @MainActor
  static var feature: REPLFeature {
    REPLFeature(
      name: "counter", summary: "a counter with a slow fact",
      initialState: State(), reducer: reducer,
      environments: [
        REPLEnvironment(
          "demo", summary: "facts take a second",
          testExpression: "Counter.Environment(clock: clock)"
        ) {
          Environment(clock: $0)
        }
      ],
      view: { "Count: \($0.count)" },
      examples: [.incrementTapped, .factTapped, .set(to: 3)],
      export: REPLTestExport(imports: ["CounterFeature"], reducer: "Counter.reducer"))
  }
}

/// Runs lines through a REPL and returns what it printed.
@MainActor
final class Transcript {
  /// The REPL's output; the REPL's write closure owns it, so it outlives the transcript.
  final class Buffer {
    var text = ""
  }

  private let buffer = Buffer()
  let repl: REPL
  var text: String { buffer.text }

  init(features: [REPLFeature] = [Counter.feature], showsProgress: Bool = false) throws {
    let buffer = self.buffer
    repl = try REPL(
      features: features,
      options: REPLOptions(
        clock: .virtual, colors: false, echoesInput: true, showsProgress: showsProgress),
      write: { buffer.text += $0 })
  }

  @discardableResult
  func run(_ lines: String...) async -> String {
    let start = text.endIndex
    for line in lines { _ = await repl.handle(line) }
    return String(text[start...])
  }
}

@MainActor
@Suite struct REPLTests {
  @Test func aStepPrintsTheActionTheDiffAndTheEffect() async throws {
    let transcript = try Transcript()
    #expect(
      await transcript.run(".factTapped", ":advance 1s")
        == """
        counter> .factTapped
        → .factTapped
            (state unchanged)
            effect: .run("fact")
        counter> :advance 1s
        ← .factResponse("0 is odd? false")
              Counter.State(
                count: 0,
            −   fact: nil
            +   fact: "0 is odd? false"
              )
        clock: 1000ms

        """)
  }

  @Test func badInputShowsACaretAndChangesNothing() async throws {
    let transcript = try Transcript()
    let output = await transcript.run(".set(to: \"3\")", ".incremntTapped", ":nope")
    #expect(
      output == """
        counter> .set(to: "••••••")
        error: expected a whole number, found a string
          .set(to: "••••••")
                   ^
        counter> .incremntTapped
        error: Counter.Action has no case .incremntTapped
          .incremntTapped
          ^
        did you mean .incrementTapped?
        counter> :nope
        error: unknown command :nope

        """)
    #expect(await transcript.run(":state count").hasSuffix("0\n"))
  }

  @Test func historyUndoBackAndJumpReplayFromTheStart() async throws {
    let transcript = try Transcript()
    await transcript.run(".incrementTapped", ".incrementTapped", ".set(to: 10)")
    #expect(
      await transcript.run(":history") == """
        counter> :history
           0  (initial state)
           1  → .incrementTapped  @0ms
           2  → .incrementTapped  @0ms
        ▸  3  → .set(to: 10)  @0ms

        """)
    await transcript.run(":undo")
    #expect(await transcript.run(":state count").hasSuffix("2\n"))
    await transcript.run(":back 2")
    #expect(await transcript.run(":state count").hasSuffix("0\n"))
    await transcript.run(":jump 3")
    #expect(await transcript.run(":state count").hasSuffix("10\n"))
    let error = await transcript.run(":jump 7")
    #expect(error.contains("error: there is no step 7; the history has steps 0 to 3"))
    await transcript.run(":jump 1", ".set(to: 5)")
    #expect(await transcript.run(":history").contains("▸  2  → .set(to: 5)  @0ms"))
  }

  @Test func viewEffectsAndCancel() async throws {
    let transcript = try Transcript()
    #expect(await transcript.run(":view").hasSuffix("\"Count: 0\"\n"))
    await transcript.run(".factTapped")
    #expect(await transcript.run(":effects").contains("  1  .run(\"fact\")"))
    #expect(await transcript.run(":cancel 1").contains("cancelled .run(\"fact\")"))
    #expect(await transcript.run(":effects").contains("No effect is running."))
    #expect(
      await transcript.run(":cancel 4").contains("error: there is no running effect 4 (0 running)"))
  }

  @Test func saveAndLoadReplayExactly() async throws {
    let scratch = try ScratchFolder("save-load")
    let file = scratch.file("counter.tide")
    let first = try Transcript()
    await first.run(".incrementTapped", ".factTapped", ":advance 1s", ":save \(file)")
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      saved.hasSuffix(
        """
        send @0ms .incrementTapped
        send @0ms .factTapped
        receive @1000ms .factResponse("1 is odd? true")

        """))
    let second = try Transcript()
    #expect(
      await second.run(":load \(file)").contains("loaded 3 steps of counter (environment: demo)"))
    #expect(await second.run(":state fact").hasSuffix("\"1 is odd? true\"\n"))
    #expect(
      await second.run(":load /nonexistent/file.tide").contains(
        "error: cannot read /nonexistent/file.tide"))
  }

  /// A feature that keeps data starts from what it read: its exported test spells that state
  /// out, whatever expression the feature gave for its initial state.
  @Test func aFeatureThatSavesExportsTheStateItStartedFrom() async throws {
    final class Disk { var count = 5 }
    let disk = Disk()
    var feature: REPLFeature {
      REPLFeature(
        name: "counter", summary: "a counter kept on disk",
        initialState: Counter.State(count: disk.count), reducer: Counter.reducer,
        environments: [
          REPLEnvironment(
            "demo", summary: "facts take a second",
            testExpression: "Counter.Environment(clock: clock)"
          ) {
            Counter.Environment(clock: $0)
          }
        ],
        export: REPLTestExport(
          imports: ["CounterFeature"], reducer: "Counter.reducer", initialState: "Counter.State()"),
        saving: REPLSaving({ $0.count }) { disk.count = $0 })
    }
    let scratch = try ScratchFolder("export")
    let file = scratch.file("CounterSession.swift")
    let transcript = try Transcript(features: [feature])
    await transcript.run(".incrementTapped", ":export-test \(file)")
    #expect(disk.count == 6)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    #expect(exported.contains("    initialState: Counter.State(count: 5, fact: nil),\n"))
    #expect(exported.contains("await store.send(.incrementTapped) { $0.count = 6 }"))
  }

  @Test func exportWritesATestStoreTest() async throws {
    let scratch = try ScratchFolder("export")
    let file = scratch.file("CounterSession.swift")
    let transcript = try Transcript()
    await transcript.run(".incrementTapped", ".factTapped", ":advance 1s", ":export-test \(file)")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8) == """
        // swift-format-ignore-file
        // Exported by the REPL (:export-test) from a session of the counter feature,
        // environment demo. Every step asserts its exact state change.
        // It holds the values typed in the session, passwords included, so the REPL creates it
        // readable by you only; keep it private.

        import CounterFeature
        import Testing
        import Tide
        import TideTesting

        @MainActor
        @Test func counterSession() async {
          let clock = ManualClock()
          let store = TestStore(
            initialState: Counter.State(count: 0, fact: nil),
            reducer: Counter.reducer,
            environment: Counter.Environment(clock: clock)
          )
          await store.send(.incrementTapped) { $0.count = 1 }
          await store.send(.factTapped)
          await clock.advance(by: .seconds(1))
          await store.receive(.factResponse("1 is odd? true")) { $0.fact = "1 is odd? true" }
        }

        """)
    #expect(
      await transcript.run(":export-test x.txt").contains(
        "error: :export-test needs a file name ending in .swift"))
    #expect(
      await transcript.run(":export-test \(file)").contains(
        "error: \(file) already exists; :export-test! \(file) replaces it"))
  }

  @Test func commandsThatTakeArgumentsCheckThem() async throws {
    let transcript = try Transcript()
    let output = await transcript.run(
      ":advance soon", ":back -1", ":env nowhere", ":clock later", ":use nothing", ":state nope",
      ":save")
    #expect(
      output.contains(
        "error: 'soon' is not a duration: write a number and a unit, such as 300ms, 1.5s, 2m or 1h")
    )
    #expect(output.contains("error: :back takes a whole number, not '-1'"))
    #expect(output.contains("error: counter has no environment 'nowhere'"))
    #expect(output.contains("error: :clock takes virtual or real, not 'later'"))
    #expect(output.contains("error: there is no feature 'nothing'"))
    #expect(output.contains("error: the state has no 'nope' (it has: count, fact)"))
    #expect(output.contains("error: :save needs a file name"))
  }

  @Test func helpListsEveryCommandWithExamples() async throws {
    let help = try await Transcript().run(":help")
    for command in [
      ":features", ":use", ":state", ":view", ":history", ":undo", ":back", ":jump", ":reset",
      ":env",
      ":clock", ":advance", ":effects", ":cancel", ":save", ":load", ":export-test", ":quit",
    ] {
      #expect(help.contains("  \(command)"), "missing \(command)")
    }
    #expect(help.contains("  .set(to: 3)"))
    // Its examples are the feature's own, not those of Tide's shipped features (a new user's
    // REPL said `:state savedLocations.value[0]`).
    #expect(help.contains("  print the state, or a part: :state count\n"), "\(help)")
    #expect(help.contains("  list environments, or switch\n"), "one environment: \(help)")
    let tickets = try await Transcript(features: [Tickets.feature()]).run(":help")
    #expect(tickets.contains("  print the state, or a part: :state isBuying\n"), "\(tickets)")
    #expect(tickets.contains("  list environments, or switch: :env explore\n"), "\(tickets)")
    // A state that is not a struct (here an enum, whose child is its case) has no field to name.
    let light = REPLFeature(
      name: "light", summary: "a light", initialState: Light.on(level: 1),
      reducer: Reducer<Light, Light, Void> { state, action, _ in
        state = action
        return .none
      },
      environments: [REPLEnvironment("none", summary: "nothing") { _ in }])
    let lightHelp = try await Transcript(features: [light]).run(":help")
    #expect(lightHelp.contains("  print the state, or a part\n"), "\(lightHelp)")
    // A page's command is refused with the feature's own first example.
    let refusal = try await Transcript(features: [Tickets.feature()]).repl.sendFromPage(":help")
    #expect(refusal == "a page sends one action in Swift syntax, such as .buyTapped")
  }

  @Test func completionsCoverCommandsAndCaseNames() throws {
    let repl = try Transcript().repl
    #expect(repl.completions(for: ":st") == [":state"])
    #expect(repl.completions(for: ":clock v") == [":clock virtual"])
    #expect(repl.completions(for: ".inc") == [".incrementTapped"])
    #expect(repl.completions(for: ".f") == [".factTapped"])
    #expect(repl.completions(for: "x").isEmpty)
  }

  @Test func quitAndStartupErrors() async throws {
    let repl = try Transcript().repl
    #expect(await repl.handle(":quit") == .quit)
    #expect(throws: REPLError.unknownFeature("countr", suggestions: ["counter"])) {
      try REPL(features: [Counter.feature], feature: "countr", write: { _ in })
    }
    #expect(
      REPLError.unknownEnvironment("x", feature: "counter", suggestions: []).description
        == "counter has no environment 'x'")
  }
}

/// A state that is an enum, for `:help`'s example of `:state`.
enum Light: Equatable, Sendable, Codable {
  case on(level: Int)
  case off
}
