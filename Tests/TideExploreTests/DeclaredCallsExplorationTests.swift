import FeatureTools
import LoginFeature
import Testing
import Tide
import TideExplore
import TideTestSupport
import TideTesting

/// The explorer ends a declared call with the outcomes its declaration gives, a `Void` result
/// included, and its exported test resolves the call by those outcomes' labels.
@MainActor
@Suite struct DeclaredCallsExplorationTests {
  static func explorer() -> Explorer<Notes.State, Notes.Action, Notes.Environment> {
    Explorer(
      name: "notes", initialState: Notes.State(), reducer: Notes.reducer,
      environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: { _ in [.textChanged("milk"), .saveTapped] },
      invariants: [.always("no save fails") { $0.errorMessage == nil }],
      export: ExploreExport(
        imports: ["TideTestSupport"], reducer: "Notes.reducer",
        environment: "Notes.Environment.explorable(calls: calls, clock: clock)",
        invariants: "[]"))
  }

  @Test func theExplorerChoosesAmongTheDeclaredOutcomes() async throws {
    let report = await Self.explorer().exhaustive(depth: 2)
    let failure = try #require(report.failure)
    #expect(
      failure.schedule.map(\.description) == [
        "send .saveTapped", #"resolve save("") → failure(.offline)"#,
      ])
    let test = try #require(failure.test)
    #expect(test.contains("environment: Notes.Environment.explorable(calls: calls, clock: clock)"))
    #expect(
      test.contains(#"calls.resolveIfWaiting("save", number: 1, outcome: "failure(.offline)")"#))
  }

  @Test func aTestResolvesTheOldestCallOfANameByItsOutcomesLabel() async throws {
    let calls = ExploreCalls()
    let store = TestStore(
      initialState: Notes.State(), reducer: Notes.reducer,
      environment: Notes.Environment.explorable(calls: calls, clock: ManualClock()))
    await store.send(.saveTapped)
    calls.resolve("save", outcome: "failure(.offline)")
    await store.receive(.failed("offline")) { $0.errorMessage = "offline" }
    await store.send(.saveTapped)
    withKnownIssue {
      calls.resolve("save", outcome: "failure(.timeout)")
    } matching: { issue in
      issue.comments.first?.rawValue == """
        save("") has no outcome failure(.timeout).

          Outcome: success(())
          Outcome: failure(.offline)
        """
    }
    calls.resolve("save", outcome: "success(())")
    await store.receive(.saved) { $0.saves = 1 }
  }

  @Test func aCallWithNoOutcomeForItsArgumentsIsReportedAsSuch() async throws {
    struct Lookup: InterceptableEnvironment {
      var find: @Sendable (Int) async throws -> String
      static let calls: [EnvironmentCall<Self>] = [
        EnvironmentCall("find", \.find) { id in id > 0 ? [.success("found")] : [] }
      ]
      static var unimplemented: Self { Self(find: Tide.unimplemented("Lookup.find")) }
    }
    let environment = Lookup.explorable(calls: ExploreCalls(), clock: ManualClock())
    await withKnownIssue {
      await #expect(throws: ExploreCallError.noOutcomes(call: "find(0)")) {
        try await environment.find(0)
      }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        An explorable call has no outcome for its arguments.

          Call: find(0)

        The explorer cannot end a call without an outcome, so it threw \
        ExploreCallError.noOutcomes instead of waiting. Give at least one outcome for every \
        argument.
        """
    }
  }

  @Test func aCallDeclaredWithoutOutcomesIsReportedWhenExplored() async throws {
    let calls = ExploreCalls()
    let environment = Notes.Environment.explorable(calls: calls, clock: ManualClock())
    await withKnownIssue {
      await #expect(throws: ExploreCallError.noOutcomes(call: #"count("a", "b", "c", "d")"#)) {
        try await environment.count("a", "b", "c", "d")
      }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        An explorable call declared no outcomes.

          Call: count("a", "b", "c", "d")

        The explorer cannot end a call without an outcome, so it threw \
        ExploreCallError.noOutcomes instead of waiting. Declare at least one outcome.
        """
        // At the call's declaration, `EnvironmentCall("count", \.count)` in Notes.swift.
        && issue.sourceLocation?.fileID == "TideTestSupport/Notes.swift"
        && issue.sourceLocation?.line == 171
    }
  }

  /// A synchronous call cannot wait for the explorer: each run ends it at once with its first
  /// outcome for its arguments, so the explorer's runs, and the test it exports, make the same
  /// calls with the same answers, and no resolve step names them.
  @Test func theExplorerEndsASynchronousCallWithItsFirstOutcome() async throws {
    let explorer = Explorer(
      name: "stamps", initialState: Stamps.State(), reducer: Stamps.reducer,
      environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: { _ in [.addTapped("a"), .templateTapped("greeting"), .templateTapped("nope")] },
      invariants: [
        .always("no template is missing") { $0.errorMessage == nil },
        .always("at most two entries") { $0.entries.count <= 2 },
      ],
      export: ExploreExport(
        imports: ["TideTestSupport"], reducer: "Stamps.reducer",
        environment: "Stamps.Environment.explorable(calls: calls, clock: clock)",
        invariants: "[]"))
    let report = await explorer.exhaustive(depth: 3)
    let failure = try #require(report.failure)
    #expect(failure.schedule.map(\.description) == [#"send .templateTapped("nope")"#])
    #expect(failure.messageWithoutTest.contains(#"errorMessage: "missing""#))

    // Every entry gets the first outcome of nextID, on every run.
    let calls = ExploreCalls()
    let store = Store(
      initialState: Stamps.State(), reducer: Stamps.reducer,
      environment: Stamps.Environment.explorable(calls: calls, clock: ManualClock()))
    store.send(.addTapped("a"))
    store.send(.templateTapped("greeting"))
    #expect(store.state.entries == [.init(id: 1, text: "a"), .init(id: 1, text: "Hello")])
    #expect(calls.pending.isEmpty)
  }

  /// A synchronous call declared without outcomes is reported as an asynchronous one is, and
  /// one that cannot throw then answers with the environment's own implementation.
  @Test func aSynchronousCallWithoutOutcomesIsReportedWhenExplored() {
    struct Ids: InterceptableEnvironment {
      var next: @Sendable () -> Int
      static let calls: [EnvironmentCall<Self>] = [EnvironmentCall("next", \.next)]
      static var unimplemented: Self { Self(next: Tide.unimplemented("Ids.next", placeholder: -1)) }
    }
    let environment = Ids.explorable(calls: ExploreCalls(), clock: ManualClock())
    withKnownIssue {
      #expect(environment.next() == -1)
    } matching: { issue in
      let text = issue.comments.first?.rawValue
      return text == """
        An explorable call declared no outcomes.

          Call: next()

        The explorer cannot end a call without an outcome, so it threw \
        ExploreCallError.noOutcomes instead of answering. Declare at least one outcome.
        """
        || text
          == #"The call "next" cannot throw, and it could not be answered, so it returned what the environment's own next returns instead. Why: noOutcomes(call: "next()")"#
    }
  }
}

/// A report never prints what a feature hides: a call's arguments may hold it.
@MainActor
@Suite struct ReportSecretsTests {
  @Test func aCallsArgumentsAreHiddenWhenTheActionsHideSomething() async throws {
    let report = await Login.explorer(
      reducer: PlantedBugs.loginStuckLoadingOnNilData,
      reducerExpression: "PlantedBugs.loginStuckLoadingOnNilData"
    ).exhaustive(depth: 4)
    let message = try #require(report.failure?.messageWithoutTest)
    #expect(message.contains("resolve login(…) → failure(.nilData)"), "\(message)")
    #expect(!message.contains("Abc1"), "\(message)")
  }

  @Test func aCallsArgumentsShowWhenNothingIsHidden() {
    let step = ExploreStep<Notes.Action>.resolve(
      call: #"save("milk")"#, name: "save", outcome: 0, label: "success(())")
    #expect(step.description == #"resolve save("milk") → success(())"#)
  }
}
