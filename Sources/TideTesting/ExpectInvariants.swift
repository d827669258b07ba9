import Tide
import TideExplore

/// Checks a feature's state invariants in a test, reporting each that does not hold the way the
/// explorer reports it. Exported tests call it where the explored schedule broke one.
///
/// <!-- example: given store: Store<Login.State, Login.Action> -->
/// ```swift
/// expectInvariants(Login.invariants, state: store.state, runningEffects: store.runningEffects)
/// ```
///
/// A broken invariant fails the test with:
///
/// ```
/// An invariant does not hold: isLoading implies a login request is running.
///
///   State: Login.State(username: "ab", password: <redacted>, isLoading: true, user: nil, alert: nil)
///   Running: (none)
/// ```
///
/// - Parameters:
///   - invariants: The invariants; transition invariants are skipped.
///   - state: The state.
///   - runningEffects: The effects running in it.
///   - fileID: The file of the call, for the failure.
///   - filePath: The full path of that file.
///   - line: The line of the call.
///   - column: The column of the call.
public func expectInvariants<State, Action>(
  _ invariants: [Invariant<State, Action>], state: State, runningEffects: RunningEffects,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  for invariant in invariants {
    if !invariant.holds(state: state, runningEffects: runningEffects) {
      TestFailure.record(
        InvariantMessage.state(invariant.name, state: state, running: runningEffects),
        at: location)
    }
  }
}

/// Checks a feature's transition invariants on one transition in a test, reporting each that
/// does not hold the way the explorer reports it.
///
/// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
/// ```swift
/// let before = store.state
/// await store.receive(.loginResponse(.failure(.invalidCredentials))) { $0.isLoading = false }
/// expectInvariants(Login.invariants, before: before, action: .loginResponse(.failure(.invalidCredentials)), after: store.state)
/// ```
///
/// - Parameters:
///   - invariants: The invariants; state invariants are skipped.
///   - before: The state before the action.
///   - action: The action.
///   - after: The state after it.
///   - fileID: The file of the call, for the failure.
///   - filePath: The full path of that file.
///   - line: The line of the call.
///   - column: The column of the call.
public func expectInvariants<State, Action>(
  _ invariants: [Invariant<State, Action>], before: State, action: Action, after: State,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  for invariant in invariants {
    if !invariant.holds(before: before, action: action, after: after) {
      TestFailure.record(
        InvariantMessage.transition(invariant.name, before: before, action: action, after: after),
        at: location)
    }
  }
}

extension ExploreCalls {
  /// Ends the oldest waiting call named `name` with the outcome of a label, as reports print
  /// it: for a test written by hand, which does not care which of two waiting calls of a name
  /// ends first.
  ///
  /// When no such call waits, or it has no such outcome, the test fails:
  ///
  /// ```
  /// No call to login is waiting to be resolved.
  ///
  ///   Waiting: geocode("Brus")
  /// ```
  ///
  /// <!-- example: given calls: ExploreCalls -->
  /// ```swift
  /// calls.resolve("login", outcome: "failure(.invalidCredentials)")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name.
  ///   - label: The outcome's label, as reports print it.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func resolve(
    _ name: String, outcome label: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    if let problem = resolveOldest(named: name, label: label) {
      TestFailure.record(
        problem,
        at: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }
}

extension ExploreCalls {
  /// Ends one exact waiting call with the outcome of a label: what an exported test does at each
  /// point the explorer (or `:resolve` in the REPL) resolved a call. The call is named by its
  /// name and its number among the calls of that name (`login #2`), and the outcome by its
  /// label, so the test resolves the call the explorer did whichever waits longest, and keeps
  /// meaning the same outcome if the feature reorders its outcomes.
  ///
  /// When that call is not waiting, or has no such outcome, the test fails:
  ///
  /// ```
  /// Call login #2 is not waiting to be resolved.
  ///
  ///   Waiting: login #1, login("ab", "Abc1")
  /// ```
  ///
  /// <!-- example: given calls: ExploreCalls -->
  /// ```swift
  /// calls.resolve("login", number: 2, outcome: "failure(.invalidCredentials)")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name.
  ///   - number: Which call of that name, counting from 1 in the order they were made.
  ///   - label: The outcome, as reports print it.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func resolve(
    _ name: String, number: Int, outcome label: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    if let problem = resolve(named: name, number: number, label: label) {
      TestFailure.record(
        problem,
        at: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }
}

extension ExploreCalls {
  /// Ends one exact call with the outcome of a label if that call is waiting, and does nothing
  /// when it is not: what a test the explorer exports does, since the fixed feature it is meant
  /// to pass on may not make the call the buggy one made.
  ///
  /// A call that is waiting but has no outcome with that label fails the test, so that a
  /// renamed or removed outcome cannot quietly turn an exported test green:
  ///
  /// ```
  /// login("ab", "Abc1") (login #1) has no outcome failure(.noData).
  ///
  ///   Outcome: success(User(name: "ab", userName: "ab", email: "ab@example.com", address: "", designation: ""))
  ///   Outcome: failure(.invalidCredentials)
  ///   Outcome: failure(.nilData)
  ///   Outcome: failure(.wrongStatusCode(500))
  /// ```
  ///
  /// <!-- example: given calls: ExploreCalls -->
  /// ```swift
  /// calls.resolveIfWaiting("login", number: 1, outcome: "failure(.nilData)")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name.
  ///   - number: Which call of that name, counting from 1 in the order they were made.
  ///   - label: The outcome, as reports print it.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func resolveIfWaiting(
    _ name: String, number: Int, outcome label: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    guard pending.contains(where: { $0.name == name && $0.number == number }) else { return }
    if let problem = resolve(named: name, number: number, label: label) {
      TestFailure.record(
        problem,
        at: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }
}

extension ExploreReport {
  /// Records the failure, if there is one, as a test failure (Swift Testing or XCTest), with
  /// the full report as its message; and records one when the exploration fell short of what it
  /// was asked (no run, no step, nothing offered, stopped at the state limit), unless
  /// `allowingShortfall` says that is fine:
  ///
  /// ```
  /// The exploration fell short: it took no step: the feature offered no action, timer or call to resolve.
  ///
  ///   random, seed 1: 10 runs, 0 steps; no failure (but it took no step: …)
  /// ```
  ///
  /// <!-- example: given explorer: Explorer<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// await explorer.random(seed: 1, runs: 100, steps: 10).expectNoFailure()
  /// ```
  ///
  /// - Parameters:
  ///   - allowingShortfall: Whether an exploration that fell short passes.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of that file.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func expectNoFailure(
    allowingShortfall: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    if let failure {
      TestFailure.record(failure.message, at: location)
    } else if let shortfall, !allowingShortfall {
      TestFailure.record(
        "The exploration fell short: \(shortfall).\n\n  \(summary)", at: location)
    }
  }
}
