import Foundation
import Tide
import TideExplore
import TideExpressions
import TideInspect
import TideRecord

/// One feature running in the REPL: a store driven by a manual clock, and the history of every
/// action it reduced.
///
/// Its concerns live beside it: inspection (`:state`, `:view`, `:history`, case names), time
/// travel, the environment and clock, running effects, and session files.
@MainActor
final class FeatureSession<State, Action: Decodable & Sendable, Environment>: REPLSession {
  typealias Entry = SessionHistory<State, Action>.Entry

  let definition: FeatureDefinition<State, Action, Environment>
  private(set) var environmentName: String
  var options: REPLOptions
  let output: REPLOutput

  /// Runs the store's effects and owns its virtual time. A fresh one replaces it when the session
  /// starts over from its initial state (`:reset`, `:load`).
  var clock: ManualClock
  /// The environment calls waiting for `:resolve`, in the `explore` environment. Replaced with
  /// the clock.
  var calls = ExploreCalls()
  /// The state the session starts from, where `:jump 0` and every re-run begin: the feature's
  /// initial state, unless `:explore here` loaded a schedule that starts at a step of another
  /// session.
  var initialState: State
  /// The step of the session `:explore here` started from, while the session starts there.
  var startedAtStep: Int?
  /// The loaded recording's answers, for the `replay` environment: empty until a recording is
  /// loaded.
  var answers: [SessionFile.Answer] = []
  /// The calls of the `replay` environment, answering from ``answers``. Replaced with the clock.
  var recorded: RecordedCalls
  var store: Store<State, Action> {
    didSet { watchForSaving() }
  }
  /// Tells ``FeatureDefinition/saving`` of the live store's changes.
  private var savingObservation: StoreObservation?
  /// Every step so far. Replaced as a whole when time travel or `:load` re-runs the session.
  var history: SessionHistory<State, Action>
  let warnings = WarningLog()
  var warnedStepsOfLastExport: [(step: Int, issue: String)] = []
  /// How many history entries have been printed: never more than the history's cursor.
  var printed = 0
  var realStart = ContinuousClock.now
  var realOffset = Duration.zero
  var caseNameCache: (entries: Int?, names: [String: Set<String>]) = (nil, [:])
  var secretLabelCache: (entries: Int?, labels: Set<String>) = (nil, [])
  /// What the `replay` environment's calls with no recorded answer do: fail (no recording, or
  /// calls made after its end), or wait, as calls still running when the recording was taken
  /// (all of them, for a served store's recording that is still being made).
  var missingAnswers = RecordedCalls.MissingAnswers.fail
  /// How many steps and answers of a served store's recording the copy has taken in, while it
  /// follows one that agrees with it; `nil` when the next lines must re-run it from the start.
  var following: (steps: Int, answers: Int)?
  /// How many times following re-ran the whole recording, for tests of its cost.
  var followReruns = 0
  /// The explorer's test of the failure `:explore` loaded last, if any.
  var exploredFailure: ExploredFailure?

  init(
    definition: FeatureDefinition<State, Action, Environment>,
    environment: String,
    options: REPLOptions,
    output: REPLOutput
  ) {
    self.definition = definition
    self.environmentName = environment
    self.options = options
    self.output = output
    let clock = ManualClock()
    self.clock = clock
    let start = definition.initialState
    initialState = start
    let recorded = RecordedCalls(replaying: [], clock: clock)
    self.recorded = recorded
    let history = Self.makeHistory(definition: definition)
    self.history = history
    self.store = Self.makeStore(
      definition: definition, environmentName: environment, state: start,
      clock: clock, calls: calls, recorded: recorded, history: history)
    watchForSaving()
  }

  /// Saves what the feature keeps whenever the live store's state changes: only the live
  /// store's, never a store that runs steps again to compute a state.
  private func watchForSaving() {
    savingObservation?.cancel()
    guard let saving = definition.saving else { return }
    let output = output
    savingObservation = store.observe { state in
      if let error = saving.saveIfChanged(state) {
        output.line("warning: the session's data could not be saved: \(error)", .warning)
      }
    }
  }

  var featureName: String { definition.name }
  var environmentNames: [String] { definition.environments.map(\.name) }
  var hasRunningEffects: Bool { !store.runningEffects.isEmpty }
  var runningEffectDescriptions: [String] { store.runningEffects.descriptions }

  var clockDescription: String {
    "\(options.clock.rawValue), at \(DurationText.format(clock.now.offset))"
  }

  var entries: [Entry] { history.entries }
  var cursor: Int { history.cursor }

  // MARK: - The store

  /// A store on `clock` whose every reduction lands in `history`, on the main actor.
  static func makeStore(
    definition: FeatureDefinition<State, Action, Environment>,
    environmentName: String,
    state: State,
    clock: ManualClock,
    calls: ExploreCalls,
    recorded: RecordedCalls,
    history: SessionHistory<State, Action>
  ) -> Store<State, Action> {
    let store = Store(
      initialState: state, reducer: definition.reducer,
      environment: definition.environment(
        named: environmentName, clock: clock, calls: calls, recorded: recorded),
      drivenBy: clock
    ) { [weak history] action, after, effect, _ in
      history?.record(
        action: action, after: after, effect: effect, time: clock.now.offset,
        environment: environmentName)
    }
    // The store's state: its shared copies already hold their keys' values.
    history.noteStart(store.untrackedState)
    store.effectRegistry.recordLifecycle { clock.now.offset }
    history.followEffects(of: store.effectRegistry, now: clock.now.offset)
    return store
  }

  /// A history whose states are computed again with this feature's reducer, in environments of
  /// their own (see ``SessionHistory``).
  static func makeHistory(
    definition: FeatureDefinition<State, Action, Environment>
  ) -> SessionHistory<State, Action> {
    let clock = ManualClock()
    let calls = ExploreCalls()
    let recorded = RecordedCalls(replaying: [], clock: clock)
    var environments: [String: Environment] = [:]
    return SessionHistory(
      reduceAgain: { state, action, name in
        let environment =
          environments[name]
          ?? definition.environment(named: name, clock: clock, calls: calls, recorded: recorded)
        environments[name] = environment
        _ = definition.reducer.reduceAtRoot(into: &state, action: action, environment: environment)
      }, isEqual: runtimeEquality(for: State.self))
  }

  /// Replaces the store with one that starts from `state`, cancelling the old one's effects.
  func rebuildStore(state: State) {
    store.cancelRunningEffects()
    store = Self.makeStore(
      definition: definition, environmentName: environmentName, state: state, clock: clock,
      calls: calls, recorded: recorded, history: history)
  }

  func selectEnvironment(_ name: String) {
    environmentName = name
  }

  // MARK: - Steps

  func prepare(_ text: String) throws(InputError) -> PreparedAction {
    let expression = try ExpressionParser.parse(text)
    let action: Action
    do {
      action = try ExpressionDecoder.decode(
        Action.self, from: expression, caseNames: { self.caseNames })
    } catch let error as InputError {
      throw error
    } catch {
      throw InputError(message: "\(error)", position: 0)
    }
    return PreparedAction(
      display: REPLFormat.inspector.line(action), source: REPLFormat.source.source(action)
    ) { [self] origin in
      await send(action, from: origin)
    }
  }

  private func send(_ action: Action, from origin: StepOrigin) async {
    history.sender = origin
    IssueReporter.$current.withValue(warnings.reporter) {
      _ = store.send(action)
    }
    history.sender = nil
    await runReadyEffects()
  }

  /// Runs every effect job that can run now on the session's clock, then prints the steps they
  /// made and the warnings they raised.
  func runReadyEffects() async {
    await clock.runReadyWork()
    printNewEntries()
  }

  func printNewEntries() {
    history.collectEffects()
    if history.discarded > 0 {
      output.line(
        "(\(English.count(history.discarded, "undone step")) after this point \(history.discarded == 1 ? "is" : "are") discarded)",
        .dim)
      history.discarded = 0
    }
    // Up to the cursor only: after time travel, the entries past it are the undone future, kept
    // for `:jump`; they are printed when (if ever) they happen again, as new steps.
    while printed < history.cursor {
      let entry = history.entries[printed]
      printed += 1
      let arrow = entry.source == .sent ? "→" : "←"
      output.line(
        "\(arrow) \(REPLFormat.inspector.line(entry.action, limit: 100))",
        entry.source == .sent ? .action : .received)
      history.forEachStep(in: (printed - 1)..<printed) { _, before, after in
        if let diff = REPLFormat.inspector.diff(before, after) {
          output.diff(diff)
        } else {
          output.line("    (state unchanged)", .dim)
        }
      }
      if let effect = entry.effect { output.line("    effect: \(effect)", .effect) }
    }
    if history.takeReducedDifferently() {
      warnings.append(
        """
        The reducer gave another state when earlier steps were reduced again to show them.

        The history keeps a few states and computes the others by reducing the steps' actions \
        again, as re-runs do: a reducer that is not a pure function of its state and action (one \
        that reads the clock, a random number or a counter of its environment while reducing) \
        makes the diffs shown for earlier steps wrong. Keep such reads in effects.
        """)
    }
    for warning in warnings.removeAll() {
      for line in warning.split(separator: "\n", omittingEmptySubsequences: false) {
        output.line("  ! \(line)", .warning)
      }
    }
  }
}

extension FeatureDefinition {
  /// The environment with this name, built on `clock` (and, for the `explore` environment, on
  /// `calls`; for the `replay` environment, on `recorded`); the first one when there is no such
  /// name.
  func environment(
    named name: String, clock: ManualClock, calls: ExploreCalls, recorded: RecordedCalls
  ) -> Environment {
    (environments.first { $0.name == name } ?? environments[0]).make(calls, recorded, clock)
  }
}
