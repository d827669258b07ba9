import Tide
import TideExplore

/// What `:explore` needs to search a feature from the REPL: an explorer with the feature's
/// action generator, invariants and explorable environment.
///
/// Registering one gives the feature `:explore`, and an environment named `explore` in which
/// environment calls wait until `:resolve` ends them, the environment the minimal failing
/// schedule is loaded into.
///
/// ```swift
/// REPLFeature(
///   name: "login",
///   summary: "the login screen",
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environments: [REPLEnvironment("demo", summary: "demo accounts") { .demo(clock: $0) }],
///   exploration: REPLExploration(Login.explorer())
/// )
/// ```
@MainActor
public struct REPLExploration<State, Action: Sendable, Environment> {
  /// What one exploration found, with the feature's types hidden from the engine.
  struct Outcome {
    let summary: String
    let schedule: [ExploreStep<Action>]?
    let message: String?
    let foundLength: Int
    /// The explorer's test of the failure (the invariants checked at every step), and the name
    /// of its test function.
    let test: (source: String, name: String)?
  }

  let environment: (ExploreCalls, any Clock<Duration>) -> Environment
  /// The Swift expression an exported test builds the explorable environment with, from the
  /// explorer's ``ExploreExport``.
  let testExpression: String?
  /// Random mode, from the state given (with an expression for it, if there is one), or the
  /// explorer's initial state.
  let random:
    @MainActor (
      _ start: State?, _ expression: String?, _ seed: UInt64, _ runs: Int, _ steps: Int,
      _ progress: @escaping @MainActor (ExploreProgress) -> Void
    ) async -> Outcome
  /// Exhaustive mode, from the state given (with an expression for it, if there is one), or
  /// the explorer's initial state.
  let exhaustive:
    @MainActor (
      _ start: State?, _ expression: String?, _ depth: Int, _ maxStates: Int,
      _ progress: @escaping @MainActor (ExploreProgress) -> Void
    ) async -> Outcome

  /// Makes an explorer available to the REPL.
  ///
  /// ```swift
  /// let exploration = REPLExploration(AddLocation.explorer())
  /// ```
  ///
  /// - Parameters:
  ///   - explorer: The feature's explorer; its reducer should be the feature's own, so that a
  ///     failure loaded into the session is the one it found. It explores from the session's
  ///     initial state (or, with `:explore here`, its current one).
  public init(_ explorer: Explorer<State, Action, Environment>)
  where State: Equatable, Action: Equatable {
    environment = explorer.environment
    testExpression = explorer.export?.environment
    let testName = TestExporter.testName(from: "\(explorer.name) explored failure")
    func outcome(_ report: ExploreReport<State, Action>) -> Outcome {
      Outcome(
        summary: report.summary, schedule: report.failure?.schedule,
        message: report.failure?.messageWithoutTest,
        foundLength: report.failure?.foundLength ?? 0,
        test: report.failure?.test.map { ($0, testName) })
    }
    // From the state given when it is not the explorer's own: a session whose feature starts
    // from data it read (`tide --data`) explores from there.
    func startingExplorer(
      _ start: State?, _ expression: String?
    ) -> Explorer<State, Action, Environment> {
      guard let start, start != explorer.startState else { return explorer }
      return explorer.starting(from: start, spelled: expression)
    }
    random = { start, expression, seed, runs, steps, progress in
      let explorer = startingExplorer(start, expression)
      return outcome(
        await explorer.random(seed: seed, runs: runs, steps: steps, progress: progress))
    }
    exhaustive = { start, expression, depth, maxStates, progress in
      let explorer = startingExplorer(start, expression)
      return outcome(
        await explorer.exhaustive(depth: depth, maxStates: maxStates, progress: progress))
    }
  }
}
