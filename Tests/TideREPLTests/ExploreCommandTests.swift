import Foundation
import Testing
import Tide
import TideExplore
import TideREPL
import TideTestSupport

/// A feature with a planted bug for `:explore`: a failed purchase leaves `isBuying` set.
enum Tickets {
  struct State: Equatable {
    var isBuying = false
    var tickets = 0
  }
  enum Action: Equatable, Sendable, Codable {
    case buyTapped
    case bought
    case failed
  }
  struct Environment {
    var buy: @Sendable (Int) async throws -> Void
  }
  struct SoldOut: Error {}

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .buyTapped:
      guard !state.isBuying else { return .none }
      state.isBuying = true
      return .run(name: "buy") { [count = state.tickets] send in
        do {
          try await environment.buy(count + 1)
          await send(.bought)
        } catch {
          await send(.failed)
        }
      }
    case .bought:
      state.isBuying = false
      state.tickets += 1
      return .none
    case .failed:
      // The planted bug: `isBuying` stays set.
      return .none
    }
  }

  static var invariants: [Invariant<State, Action>] {
    [
      .always("isBuying implies a purchase is running") { state, running in
        !state.isBuying || !running.isEmpty
      }
    ]
  }

  @MainActor
  static func feature(explores: Bool = true) -> REPLFeature {
    REPLFeature(
      name: "tickets", summary: "buys tickets, and forgets a failure",
      initialState: State(), reducer: reducer,
      environments: [
        REPLEnvironment("demo", summary: "every purchase works", testExpression: nil) { _ in
          Environment(buy: { _ in })
        }
      ],
      examples: [.buyTapped],
      export: REPLTestExport(imports: ["TicketsFeature"], reducer: "Tickets.reducer"),
      exploration: explores
        ? REPLExploration(
          Explorer(
            name: "tickets", initialState: State(), reducer: reducer,
            environment: { calls, _ in
              Environment(buy: { count in
                try await calls.call(
                  "buy", count, outcomes: [.success(()), .failure(SoldOut())])
              })
            },
            actions: { _ in [.buyTapped] }, invariants: invariants,
            export: ExploreExport(
              imports: ["TicketsFeature"], reducer: "Tickets.reducer",
              environment: "Tickets.Environment.explorable(calls: calls)",
              invariants: "Tickets.invariants")))
        : nil)
  }
}

/// Breaks a day, with a planted bug (`startTapped` never checks the allowance), and an
/// initializer of its own: no memberwise one spells its state.
enum Breaks {
  struct State: Equatable {
    private(set) var taken: Int
    var allowed: Int
    init(allowed: Int = 2) {
      taken = 0
      self.allowed = allowed
    }
    mutating func take() { taken += 1 }
  }
  enum Action: Equatable, Sendable, Codable { case startTapped }

  static let reducer = Reducer<State, Action, Void> { state, _, _ in
    state.take()
    return .none
  }

  @MainActor
  static var feature: REPLFeature {
    REPLFeature(
      name: "breaks", summary: "breaks a day, and never says no",
      initialState: State(), reducer: reducer,
      environments: [REPLEnvironment("plain", summary: "nothing", testExpression: "()") { _ in }],
      export: REPLTestExport(
        imports: ["BreaksFeature"], reducer: "Breaks.reducer", initialState: "Breaks.State()"),
      exploration: REPLExploration(
        Explorer(
          name: "breaks", initialState: State(allowed: 1), reducer: reducer,
          environment: { _, _ in }, actions: { _ in [.startTapped] },
          invariants: [.always("no more than allowed") { $0.taken <= $0.allowed }],
          export: ExploreExport(
            imports: ["BreaksFeature"], reducer: "Breaks.reducer", environment: "()",
            invariants: "Breaks.invariants", initialState: "Breaks.State(allowed: 1)"))))
  }
}

@MainActor
@Suite struct ExploreCommandTests {
  @Test func exploreFindsTheBugShrinksItAndLoadsItIntoTheHistory() async throws {
    let transcript = try Transcript(features: [Tickets.feature()])
    let explored = await transcript.run(":explore random 7 50 6")
    #expect(
      explored
        == """
        tickets> :explore random 7 50 6
        exploring tickets: random, seed 7, 50 runs of up to 6 steps
        random, seed 7: 2 runs, 8 steps; failed after shrinking to 2 steps: An invariant does not hold: isBuying implies a purchase is running.
          Found by random exploration, seed 7 (run 1); shrunk from 2 steps to 2.

          1. send .buyTapped
          2. resolve buy(1) → failure(Tickets.SoldOut())

          Step 2 received .failed:

            (no change)

          State: Tickets.State(isBuying: true, tickets: 0)
          Running: (none)
        loaded the 2-step schedule into the session (environment: explore): 2 steps in the history. :history lists them, :jump <n> steps through them, :export-test writes the test.
        → .buyTapped
              Tickets.State(
            −   isBuying: false,
            +   isBuying: true,
                tickets: 0
              )
            effect: .run("buy")
        ← .failed
            (state unchanged)

        """)
    // Time travel re-runs the schedule, resolution included.
    #expect(
      await transcript.run(":history", ":jump 1", ":resolve", ":jump 2", ":effects")
        == """
        tickets> :history
           0  (initial state)
           1  → .buyTapped  @0ms
        ▸  2  ← .failed  @0ms
        tickets> :jump 1
        ⟲ step 1 of 2, re-run from the initial state
            in flight again: .run("buy")
        tickets> :resolve
          buy(1)
              0  success(())
              1  failure(Tickets.SoldOut())
        :resolve <name> <outcome> ends the oldest call with that name.
        tickets> :jump 2
        ⟲ step 2 of 2, re-run from the initial state
        tickets> :effects
        No effect is running.

        """)
  }

  @Test func exhaustiveExplorationFindsTheSameShortestSchedule() async throws {
    let transcript = try Transcript(features: [Tickets.feature()])
    let output = await transcript.run(":explore exhaustive 4")
    #expect(
      output.hasPrefix(
        """
        tickets> :explore exhaustive 4
        exploring tickets: exhaustive to depth 4, at most 100,000 states
        exhaustive to depth 4: 5 states seen, 3 distinct; failed after shrinking to 2 steps: An invariant does not hold: isBuying implies a purchase is running.
          Found by exhaustive exploration to depth 4; shrunk from 2 steps to 2.
        """))
  }

  @Test func aResolvedScheduleIsExportedSavedAndLoaded() async throws {
    let scratch = try ScratchFolder("explore")
    let directory = scratch.url
    let transcript = try Transcript(features: [Tickets.feature()])
    await transcript.run(":explore random 7 50 6")
    let test = directory.appendingPathComponent("TicketsTests.swift").path
    let session = directory.appendingPathComponent("tickets.tide").path
    #expect(
      await transcript.run(":export-test \(test)", ":save \(session)").hasPrefix(
        """
        tickets> :export-test \(test)
        wrote \(test): @Test func ticketsTests()
          the explorer's test of the failure: the invariants checked at every step, so it fails until the bug is fixed
        """))
    // Right after :explore, the explorer's test: the session's own would assert the buggy
    // transitions, and pass on the bug.
    let exported = try String(contentsOfFile: test, encoding: .utf8)
    #expect(exported.contains("import TideExplore"))
    #expect(exported.contains("@Test func ticketsTests() async {"))
    #expect(exported.contains("  let calls = ExploreCalls()"))
    #expect(exported.contains("Tickets.Environment.explorable(calls: calls)"))
    #expect(
      exported.contains(
        """
          store.checkInvariants(Tickets.invariants)
          await store.send(.buyTapped)
          calls.resolveIfWaiting("buy", number: 1, outcome: "failure(Tickets.SoldOut())")
          await store.skipReceivedActions()
        """))
    // Once the history moves away from the schedule, the session's own transitions.
    let stepped = directory.appendingPathComponent("SteppedTests.swift").path
    #expect(
      await transcript.run(":jump 1", ":export-test \(stepped)").hasSuffix(
        """
        tickets> :export-test \(stepped)
        wrote \(stepped): @Test func steppedTests()

        """))
    #expect(
      try String(contentsOfFile: stepped, encoding: .utf8).contains(
        "  await store.send(.buyTapped) { $0.isBuying = true }\n"))
    let saved = try String(contentsOfFile: session, encoding: .utf8)
    #expect(
      saved.hasSuffix(
        """
        # environment: explore
        # It replays exactly: `:load` re-runs these actions in order, and checks that the effects
        # send the received ones again. It holds what was typed, passwords included, so tide
        # creates it readable by you only; keep it private.
        send @0ms .buyTapped
        resolve @0ms 1 buy(1)
        receive @0ms .failed

        """))
    let fresh = try Transcript(features: [Tickets.feature()])
    #expect(
      await fresh.run(":load \(session)", ":history")
        == """
        tickets> :load \(session)
        loaded 2 steps of tickets (environment: explore)
        tickets> :history
           0  (initial state)
           1  → .buyTapped  @0ms
        ▸  2  ← .failed  @0ms

        """)
    // A file whose resolution no call waits for is refused, and changes nothing.
    let broken = directory.appendingPathComponent("broken.tide").path
    try saved.replacingOccurrences(of: "buy(1)", with: "buy(2)")
      .write(toFile: broken, atomically: true, encoding: .utf8)
    #expect(
      await fresh.run(":load \(broken)")
        == """
        tickets> :load \(broken)
        error: before step 2, re-running the session, no call buy(2) waited to be resolved (waiting: buy(1)); the session is unchanged

        """)
  }

  @Test func resolveByHandInTheExploreEnvironment() async throws {
    let transcript = try Transcript(features: [Tickets.feature()])
    let output = await transcript.run(
      ":resolve", ":env explore", ":resolve", ".buyTapped", ":resolve buy", ":resolve buy 2",
      ":resolve sell 0", ":resolve buy x", ":resolve buy 0", ":state")
    #expect(
      output == """
        tickets> :resolve
        No call is waiting: calls wait for :resolve only in the explore environment (:env explore).
        tickets> :env explore
        environment: explore (running effects were cancelled)
        tickets> :resolve
        No call is waiting to be resolved.
        tickets> .buyTapped
        → .buyTapped
              Tickets.State(
            −   isBuying: false,
            +   isBuying: true,
                tickets: 0
              )
            effect: .run("buy")
        tickets> :resolve buy
        error: :resolve takes a call's name and an outcome's number, such as :resolve login 1
        tickets> :resolve buy 2
        error: buy(1) has outcomes 0 to 1, not '2'; :resolve lists them
        tickets> :resolve sell 0
        error: no call named sell is waiting; waiting: buy(1)
        tickets> :resolve buy x
        error: buy(1) has outcomes 0 to 1, not 'x'; :resolve lists them
        tickets> :resolve buy 0
        resolved buy(1) → success(())
        ← .bought
              Tickets.State(
            −   isBuying: true,
            +   isBuying: false,
            −   tickets: 0
            +   tickets: 1
              )
        tickets> :state
        Tickets.State(
          isBuying: false,
          tickets: 1
        )

        """)
  }

  @Test func aResolutionAfterTimeTravelReplacesTheUndoneFuture() async throws {
    let transcript = try Transcript(features: [Tickets.feature()])
    await transcript.run(":explore random 7 50 6", ":jump 1")
    // At step 1 the purchase waits again; this time it succeeds, and the old failure is gone.
    let output = await transcript.run(":resolve buy 0", ":history", ":jump 1", ":jump 2")
    #expect(
      output == """
        tickets> :resolve buy 0
        resolved buy(1) → success(())
        (1 undone step after this point is discarded)
        ← .bought
              Tickets.State(
            −   isBuying: true,
            +   isBuying: false,
            −   tickets: 0
            +   tickets: 1
              )
        tickets> :history
           0  (initial state)
           1  → .buyTapped  @0ms
        ▸  2  ← .bought  @0ms
        tickets> :jump 1
        ⟲ step 1 of 2, re-run from the initial state
              Tickets.State(
            −   isBuying: false,
            +   isBuying: true,
            −   tickets: 1
            +   tickets: 0
              )
            in flight again: .run("buy")
        tickets> :jump 2
        ⟲ step 2 of 2, re-run from the initial state
              Tickets.State(
            −   isBuying: true,
            +   isBuying: false,
            −   tickets: 0
            +   tickets: 1
              )

        """)
  }

  @Test func resolutionLinesInHostileSessionFilesAreCheckedBeforeAnythingChanges() async throws {
    let scratch = try ScratchFolder("resolve")
    let directory = scratch.url
    let header = "# tide session\r\n# feature: tickets\r\n# environment: explore\r\n"
    let files = [
      // CRLF line endings load like LF.
      ("crlf.tide", "send @0ms .buyTapped\r\nresolve @0ms 0 buy(1)\r\nreceive @0ms .bought\r\n"),
      ("huge.tide", "send @0ms .buyTapped\r\nresolve @0ms 99999999999999999999 buy(1)\r\n"),
      ("no-call.tide", "send @0ms .buyTapped\r\nresolve @0ms 0 (1)\r\n"),
      ("outcome.tide", "send @0ms .buyTapped\r\nresolve @0ms 7 buy(1)\r\n"),
      ("back.tide", "send @5ms .buyTapped\r\nresolve @1ms 0 buy(1)\r\n"),
    ]
    let transcript = try Transcript(features: [Tickets.feature()])
    var outputs: [String] = []
    for (name, body) in files {
      let path = directory.appendingPathComponent(name).path
      try (header + body).write(toFile: path, atomically: true, encoding: .utf8)
      outputs.append(
        await transcript.run(":load \(path)", ":state")
          .replacingOccurrences(of: directory.path, with: "DIR"))
    }
    let loaded = """
      tickets> :load DIR/crlf.tide
      loaded 2 steps of tickets (environment: explore)
      tickets> :state
      Tickets.State(
        isBuying: false,
        tickets: 1
      )

      """
    func refused(_ name: String, _ message: String) -> String {
      "tickets> :load DIR/\(name)\nerror: \(message)\n"
        + loaded.split(
          separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)[2]
    }
    #expect(
      outputs == [
        loaded,
        refused(
          "huge.tide", "line 5: a resolution is written like resolve @0ms 1 login(…)"),
        refused(
          "no-call.tide", "line 5: a resolution is written like resolve @0ms 1 login(…)"),
        refused(
          "outcome.tide",
          "before step 2, re-running the session, buy(1) has outcomes 0 to 1, not 7; the session is unchanged"
        ),
        refused("back.tide", "line 5: the time goes back, from @5ms to @1ms"),
      ])
  }

  @Test func badExploreRequestsSayWhatIsWrong() async throws {
    let transcript = try Transcript(features: [Tickets.feature(), Counter.feature])
    #expect(
      await transcript.run(
        ":explore sideways", ":explore random -1", ":explore random 1 0",
        ":explore random 1 10 99999999999999999999", ":explore exhaustive 65",
        ":explore random 1 1000000 12", ":explore exhaustive 6 200001",
        ":explore random 1 2 3 4", ":explore exhaustiv", ":use counter", ":explore")
          == """
          tickets> :explore sideways
          error: :explore [here] [random [seed] [runs] [steps]] or :explore [here] exhaustive [depth] [max-states]; not 'sideways'
          tickets> :explore random -1
          error: the seed must be a whole number from 0 to 18446744073709551615, not '-1'
          tickets> :explore random 1 0
          error: the number of runs must be a whole number from 1 to 3,000,000, not '0'
          tickets> :explore random 1 10 99999999999999999999
          error: the number of steps must be a whole number from 1 to 1,000, not '99999999999999999999'
          tickets> :explore exhaustive 65
          error: the depth must be a whole number from 1 to 64, not '65'
          tickets> :explore random 1 1000000 12
          error: 1,000,000 runs of 12 steps is more than 3,000,000 steps, the most one :explore takes
          tickets> :explore exhaustive 6 200001
          error: the most states must be a whole number from 1 to 200,000, not '200001'
          tickets> :explore random 1 2 3 4
          error: :explore [here] [random [seed] [runs] [steps]] or :explore [here] exhaustive [depth] [max-states]
          tickets> :explore exhaustiv
          error: :explore [here] [random [seed] [runs] [steps]] or :explore [here] exhaustive [depth] [max-states]; not 'exhaustiv'
          did you mean exhaustive?
          tickets> :use counter
          feature: counter (a counter with a slow fact), environment: demo
          counter> :explore
          error: counter has no explorer; register one with REPLFeature(…, exploration:)

          """)
  }

  @Test func onATerminalTheStatusLineIsRewrittenInPlaceThenErased() async throws {
    let transcript = try Transcript(features: [Tickets.feature()], showsProgress: true)
    let output = await transcript.run(":explore random 3 1 1")
    let erase = "\r\u{1B}[K"
    // The closing report, then the erased status line, then the summary and the rate.
    #expect(output.contains(erase + "  1 schedule, 1 step in "))
    #expect(
      output.contains(erase + "random, seed 3: 1 run, 1 step; no failure\n  1 schedule, 1 step in ")
    )
    #expect(output.hasSuffix(" steps/s)\n"))
  }

  @Test func aFeatureWithoutFailuresSaysSo() async throws {
    let transcript = try Transcript(features: [Tickets.feature()])
    // Buying only ever succeeds in this explorer's first outcome; a short search finds nothing
    // when the failure outcome is never reached in two steps of one run.
    let output = await transcript.run(":explore random 3 1 1")
    #expect(
      output == """
        tickets> :explore random 3 1 1
        exploring tickets: random, seed 3, 1 run of up to 1 step
        random, seed 3: 1 run, 1 step; no failure

        """)
  }
}

/// `:explore here`: the explorer starts from the state at the cursor, a step of the session.
@MainActor
@Suite struct ExploreHereTests {
  @Test func exploringFromAStepStartsThereAndTheTestSpellsTheStateOut() async throws {
    let folder = try ScratchFolder("explore-here")
    let transcript = try Transcript(features: [Tickets.feature()])
    await transcript.run(".buyTapped")
    let explored = await transcript.run(":explore here random 7 50 6", ":history", ":jump 0")
    #expect(
      explored.hasPrefix(
        """
        tickets> :explore here random 7 50 6
        exploring tickets from step 2: random, seed 7, 50 runs of up to 6 steps
        """), "\(explored)")
    #expect(explored.contains("  2. resolve buy(2) → failure(Tickets.SoldOut())"), "\(explored)")
    #expect(
      explored.contains(
        "loaded the 2-step schedule into the session (environment: explore, starting at step 2 of the session explored): 2 steps in the history."
      ))
    #expect(
      explored.contains(
        """
        tickets> :jump 0
        ⟲ step 0 of 2, re-run from the initial state
              Tickets.State(
            −   isBuying: true,
            +   isBuying: false,
                tickets: 1
              )
        """), "\(explored)")
    // A session file cannot start from another session's step; the exported test spells the
    // state out.
    #expect(
      await transcript.run(":save \(folder.path)/here.tide").contains(
        "error: this session starts at step 2 of the one :explore here explored from, which a session file cannot hold; :export-test writes it as a test, and :reset starts over"
      ))
    await transcript.run(":jump 2", ":export-test \(folder.path)/Here.swift")
    let test = try String(contentsOfFile: folder.path + "/Here.swift", encoding: .utf8)
    #expect(
      test.contains("    initialState: Tickets.State(isBuying: false, tickets: 1),"), "\(test)")
    // :reset starts over from the feature's own initial state, which a file can hold again.
    await transcript.run(":reset")
    #expect(await transcript.run(":save \(folder.path)/reset.tide").contains("saved to"))
  }

  /// A session that starts from another state than its explorer's (a new user's breaks
  /// feature: `State()` in the REPL, `State(allowed: 1)` in the explorer): `:explore` starts from
  /// the session's, and the explorer's test spells it with the feature's expression, as the
  /// session's own test does. It spelled it memberwise, `Breaks.State(taken: 0, allowed: 2,
  /// isOnBreak: false)`, which does not compile for a type with an initializer of its own.
  @Test func theExploredTestSpellsTheSessionsInitialStateWithTheFeaturesExpression() async throws {
    let folder = try ScratchFolder("explore-start")
    let transcript = try Transcript(features: [Breaks.feature])
    let explored = await transcript.run(":explore exhaustive 4")
    #expect(explored.contains("failed after shrinking to 3 steps"), "\(explored)")
    await transcript.run(":export-test \(folder.path)/Breaks.swift")
    let test = try String(contentsOfFile: folder.path + "/Breaks.swift", encoding: .utf8)
    #expect(test.contains("    initialState: Breaks.State(),"), "\(test)")
    #expect(!test.contains("taken: 0"), "\(test)")
  }

  @Test func exploringFromAStepWithAnEffectInFlightIsRefused() async throws {
    let transcript = try Transcript(features: [Tickets.feature()])
    await transcript.run(":env explore", ".buyTapped")
    #expect(
      await transcript.run(":explore here").contains(
        #"error: at step 1 effects are in flight (.run("buy")), which the explorer cannot start from; :jump to a step where nothing runs, or :explore from the start"#
      ))
  }
}
