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
