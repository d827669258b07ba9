/// How the explorer writes the `TestStore` test that reproduces a failure: the Swift
/// expressions that rebuild the feature in a test.
///
/// The test declares `let clock = ManualClock()` and `let calls = ExploreCalls()`; the
/// environment expression uses them.
///
/// ```swift
/// ExploreExport(
///   imports: ["LoginFeature", "TideExplore"],
///   reducer: "Login.reducer",
///   environment: "Login.Environment.explorable(calls: calls, clock: clock)",
///   invariants: "Login.invariants"
/// )
/// ```
public struct ExploreExport: Sendable {
  /// The modules the test imports, besides Testing, Tide, TideExplore and TideTesting.
  public let imports: [String]
  /// An expression for the reducer.
  public let reducer: String
  /// An expression for the environment, in terms of `calls` and `clock`.
  public let environment: String
  /// An expression for the invariants (an array of ``Invariant``), checked where the schedule
  /// broke one.
  public let invariants: String
  /// An expression for the explorer's initial state (`Notes.State()`); without one, the test
  /// spells the state out, which needs the memberwise initialiser of a type that has no
  /// `SourceExpressible` call of its own.
  public let initialState: String?

  /// Expressions for a test.
  ///
  /// ```swift
  /// ExploreExport(
  ///   imports: ["AddLocationFeature"], reducer: "AddLocation.reducer",
  ///   environment: "AddLocation.Environment.explorable(calls: calls, clock: clock)",
  ///   invariants: "AddLocation.invariants")
  /// ```
  ///
  /// - Parameters:
  ///   - imports: The modules the test imports.
  ///   - reducer: An expression for the reducer.
  ///   - environment: An expression for the environment, using `calls` and `clock`.
  ///   - invariants: An expression for the invariants.
  ///   - initialState: An expression for the explorer's initial state, used when a run starts
  ///     there. The REPL's `:explore` starts from the session's initial state instead (spelled
  ///     with the feature's `REPLTestExport` expression when the two differ), and `:explore
  ///     here` from the state at the cursor.
  public init(
    imports: [String], reducer: String, environment: String, invariants: String,
    initialState: String? = nil
  ) {
    self.imports = imports
    self.reducer = reducer
    self.environment = environment
    self.invariants = invariants
    self.initialState = initialState
  }
}
