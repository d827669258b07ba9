import Tide
import TideInspect

/// Searches a feature's behaviours for a schedule that breaks one of its invariants, shrinks it
/// to a minimal one, and writes the `TestStore` test that reproduces it.
///
/// A schedule is a sequence of choices: send an action the generator offers in the current
/// state, move virtual time to the next timer, or end a waiting environment call with one of the
/// outcomes it declares (see ``ExploreCalls``), in any order.
/// ``random(seed:runs:steps:timeBudget:progress:)`` tries seeded random schedules;
/// ``exhaustive(depth:maxStates:timeBudget:progress:)`` tries every schedule up to a depth, breadth first,
/// so the first failure it finds is a shortest one.
///
/// ```swift
/// let explorer = Explorer(
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environment: { calls, clock in .explorable(calls: calls, clock: clock) },
///   actions: { _ in [.usernameChanged("ab"), .passwordChanged("Abc1"), .loginButtonTapped] },
///   invariants: Login.invariants
/// )
/// let report = await explorer.random(seed: 42, runs: 200, steps: 12)
/// report.expectNoFailure()
/// ```
@MainActor
public struct Explorer<State: Equatable, Action: Equatable & Sendable, Environment> {
  @usableFromInline var initialState: State
  /// The state every schedule starts from, for the REPL to tell whether a session starts there.
  package var startState: State { initialState }
  @usableFromInline let reducer: Reducer<State, Action, Environment>
  @usableFromInline
  package let environment: (ExploreCalls, any Clock<Duration>) -> Environment
  @usableFromInline let actions: (State) -> [Action]
  @usableFromInline let generated: [GeneratedAction<State, Action>]
  let invariants: [Invariant<State, Action>]
  /// The state invariants' checks, by name: split from the transition invariants once, not
  /// matched on every step.
  @usableFromInline private(set) var stateChecks:
    [(name: String, holds: (State, RunningEffects) -> Bool)] = []
  /// The transition invariants' checks, by name.
  @usableFromInline private(set) var transitionChecks:
    [(name: String, holds: (State, Action, State) -> Bool)] = []
  /// The names of effects that run for ever on purpose (a poller, a timer): still running when a
  /// run ends is not a failure for them.
  let endless: Set<String>
  /// What tells two states apart in exhaustive mode, when not the whole state.
  @usableFromInline let identity: ((State) -> AnyHashable)?
  package let export: ExploreExport?
  /// Whether runs start from the state the explorer was made with, which the export's
  /// initial-state expression spells.
  var startsFromItsOwnState = true
  /// An expression for the state runs start from when it is not the explorer's own, given to
  /// ``starting(from:spelled:)``.
  var startExpression: String?
  package let name: String
  @usableFromInline let inspector = Inspector(redacts: false)
  /// How many steps a run may take at its end to let waiting calls and timers finish.
  @usableFromInline var settleLimit = 64

  /// An explorer of a feature.
  ///
  /// ```swift
  /// Explorer(
  ///   name: "login",
  ///   initialState: Login.State(),
  ///   reducer: Login.reducer,
  ///   environment: { calls, clock in .explorable(calls: calls, clock: clock) },
  ///   actions: Login.explorationActions,
  ///   invariants: Login.invariants,
  ///   export: ExploreExport(
  ///     imports: ["LoginFeature"], reducer: "Login.reducer",
  ///     environment: "Login.Environment.explorable(calls: calls, clock: clock)", invariants: "Login.invariants")
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - name: The feature's name, used for the exported test's name.
  ///   - initialState: The state every schedule starts from.
  ///   - reducer: The feature's reducer.
  ///   - environment: Builds the environment for one run, from the calls the explorer controls
  ///     and the virtual clock the run uses.
  ///   - actions: The actions a user could send in a state, simplest first: shrinking replaces an
  ///     action with one earlier in this list.
  ///   - generated: Families of actions whose payloads the explorer makes up (strings, numbers,
  ///     values drawn from the state), shrunk to the simplest payload that still fails. Random
  ///     mode picks one of them as often as one literal action.
  ///   - invariants: What must hold.
  ///   - endless: The names (`.run(name:)`) of effects that run for ever on purpose, such as a
  ///     poller or a timer: one still running when a run ends as a test must is not a failure.
  ///     Any other effect still running then is.
  ///   - identity: What tells two states apart in exhaustive mode, when not the whole state:
  ///     a projection that leaves out what cannot matter (a counter of keystrokes, a log), so
  ///     states that differ only there count as one configuration. `nil` compares whole states
  ///     with `==`. A projection that leaves out something that matters hides the schedules
  ///     behind it.
  ///   - export: How to write the reproducing test; without it, reports have no test.
  public init(
    name: String = "feature",
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: @escaping (_ calls: ExploreCalls, _ clock: any Clock<Duration>) -> Environment,
    actions: @escaping (State) -> [Action],
    generated: [GeneratedAction<State, Action>] = [],
    invariants: [Invariant<State, Action>],
    endless: Set<String> = [],
    identity: ((State) -> AnyHashable)? = nil,
    export: ExploreExport? = nil
  ) {
    self.name = name
    self.initialState = initialState
    self.reducer = reducer
    self.environment = environment
    self.actions = actions
    self.generated = generated
    self.invariants = invariants
    self.endless = endless
    self.identity = identity
    self.export = export
    sortChecks()
  }

  private mutating func sortChecks() {
    stateChecks = []
    transitionChecks = []
    for invariant in invariants {
      switch invariant.check {
      case .state(let holds): stateChecks.append((invariant.name, holds))
      case .transition(let holds): transitionChecks.append((invariant.name, holds))
      }
    }
  }

  /// The same explorer, its schedules starting from `state` instead of its initial state: to
  /// explore from a step of a session, such as a step of a recording replayed in the REPL.
  ///
  /// The state should be one at rest, reached with nothing running: the explorer cannot start
  /// the effects that were in flight there. Exported tests start from `expression` when it is
  /// given, and from `state` spelled out otherwise (which needs a memberwise initializer the
  /// test can call).
  ///
  /// <!-- example: given state: Login.State -->
  /// ```swift
  /// let report = await Login.explorer().starting(from: state).random(seed: 1, runs: 100, steps: 8)
  /// let fresh = Login.explorer().starting(from: Login.State(), spelled: "Login.State()")
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state every schedule starts from.
  ///   - expression: A Swift expression for `state`, for exported tests.
  /// - Returns: The explorer.
  public func starting(from state: State, spelled expression: String? = nil) -> Self {
    var explorer = self
    explorer.initialState = state
    explorer.startsFromItsOwnState = false
    explorer.startExpression = expression
    return explorer
  }

  /// Whether a running effect is one declared endless: one of the `.run` effects it is made of
  /// has a name in ``endless``.
  @usableFromInline func isEndless(_ running: RunningEffect) -> Bool {
    running.names.contains(where: endless.contains)
  }

  /// Whether exhaustive mode may start a configuration's children from its state, instead of
  /// replaying the schedule that reached it: only when the environment holds nothing (it has no
  /// stored properties, so no call counter or generator of its own that a replay would have
  /// advanced), and then only from configurations at rest (no effect running, no call waiting,
  /// no timer set). A feature without effects, such as a form, explores in time proportional to
  /// its states, not to its states times their depth.
  @usableFromInline var restartsFromState: Bool { MemoryLayout<Environment>.size == 0 }

  /// Runs one schedule from the start, stopping at the first failure.
  ///
  /// - Parameters:
  ///   - schedule: The steps.
  ///   - settling: Whether to end the run as a test must.
  ///   - leniency: Which call a resolution whose own call is not waiting ends instead: none,
  ///     or the oldest or newest waiting call of the same name, as shrinking needs when a
  ///     simpler send made that call with other arguments, or a removed send left another call
  ///     in its place.
  func run(
    _ schedule: [ExploreStep<Action>], settling: Bool = false,
    leniency: ExploreRun<State, Action, Environment>.Leniency = .exact
  ) async -> ExploreRun<State, Action, Environment> {
    let run = ExploreRun(self)
    run.leniency = leniency
    for step in schedule where !run.hasFailed { await run.apply(step) }
    if settling, !run.hasFailed { await run.settle(limit: settleLimit) }
    await run.tearDown()
    return run
  }
}
