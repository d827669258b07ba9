import Tide
import TideInspect

/// One execution of a schedule: a store on its own virtual clock, whose environment's calls wait
/// for the explorer, with every transition recorded and every invariant checked.
@MainActor
@usableFromInline
final class ExploreRun<State: Equatable, Action: Equatable & Sendable, Environment> {
  /// A reduced action, with the states around it and when it happened.
  @usableFromInline
  struct Transition {
    let received: Bool
    let action: Action
    let before: State
    let after: State
    let time: Duration
    /// The step of the schedule during which it happened (its index).
    @usableFromInline let step: Int

    @usableFromInline
    init(received: Bool, action: Action, before: State, after: State, time: Duration, step: Int) {
      self.received = received
      self.action = action
      self.before = before
      self.after = after
      self.time = time
      self.step = step
    }
  }

  /// What went wrong, at which step.
  @usableFromInline
  struct Failure {
    @usableFromInline let kind: ExploreFailureKind
    /// The index of the step that broke it.
    let step: Int
    /// The transition that broke a transition invariant, or the last of the step that settled
    /// in a state that breaks a state invariant.
    let transition: Transition?
    let state: State

    @usableFromInline
    init(kind: ExploreFailureKind, step: Int, transition: Transition?, state: State) {
      self.kind = kind
      self.step = step
      self.transition = transition
      self.state = state
    }
  }

  @usableFromInline let explorer: Explorer<State, Action, Environment>
  @usableFromInline let clock = ManualClock()
  @usableFromInline let calls = ExploreCalls()
  /// The store. Not a `lazy var`: in the explorer's unspecialized generic code, each read of a
  /// lazy property looks up the metadata of its optional storage, and a step reads it often.
  @usableFromInline let store: Store<State, Action>
  /// Where the store's reducer hook finds this run, which does not exist yet when the store is
  /// made.
  @usableFromInline let hook: ReductionHook<State, Action>
  /// A step as a run takes it: a resolution holds the waiting call itself, so that a run that
  /// passes prints neither the call nor its outcome.
  @usableFromInline
  enum Choice {
    case send(Action)
    case advance
    case resolve(ExploreCalls.Pending, outcome: Int)

    /// The step as reports and schedules name it.
    @usableFromInline var step: ExploreStep<Action> {
      switch self {
      case .send(let action): .send(action)
      case .advance: .advance
      case .resolve(let call, let outcome):
        .resolve(
          call: call.description, name: call.name, outcome: outcome,
          label: call.details.label(outcome), number: call.number)
      }
    }
  }

  @usableFromInline var transitions: [Transition] = []
  /// The steps that applied, in order; a step that could not (no such call waits, no timer
  /// sleeps) is left out.
  @usableFromInline var applied: [Choice] = []
  /// When each applied step ran, by index in `applied`.
  @usableFromInline var times: [Duration] = []
  @usableFromInline var failure: Failure? {
    didSet { hasFailed = failure != nil }
  }
  /// Whether a resolution whose call is not waiting ends another waiting call of the same
  /// name instead (see ``Explorer/run(_:settling:leniency:)``), and which.
  @usableFromInline var leniency = Leniency.exact
  /// Whether a resolution ended another call than its own (under a lenient ``leniency``).
  @usableFromInline var resolvedAnotherCall = false

  /// Which call a resolution ends when its own is not waiting.
  @usableFromInline enum Leniency {
    /// None: the step does not apply.
    case exact
    /// The oldest waiting call of the same name.
    case oldest
    /// The newest waiting call of the same name.
    case newest
  }
  /// Whether ``failure`` is set: what the loops check after every step, without the generic
  /// optional's metadata look-up that reading `failure` costs in unspecialized code.
  @usableFromInline var hasFailed = false
  /// Where in `applied` the run started ending as a test must (``settle(limit:)``): the steps
  /// from there on are not part of the schedule.
  @usableFromInline var settleStart: Int?
  /// The effects running once the step that failed had settled: what an exported test must
  /// skip at its end.
  @usableFromInline var runningAfterFailure: [String] = []
  @usableFromInline var sending = false
  @usableFromInline let issues = IssueLog()
  /// Reports the runtime's issues into `issues`: made once, used for every step.
  @usableFromInline let reporter: IssueReporter
  @usableFromInline let start: ManualClock.Instant

  /// A run at the initial state.
  ///
  /// - Parameters:
  ///   - explorer: The explorer.
  ///   - checkingInitialState: Whether to check the initial state's invariants; exhaustive mode
  ///     checks them once, not again for each configuration it replays.
  ///   - state: The state to start in instead of the explorer's initial state: a configuration
  ///     with nothing running, nothing waiting and no timer, of a feature whose environment
  ///     holds nothing (see ``Explorer/restartsFromState``).
  @inlinable
  init(
    _ explorer: Explorer<State, Action, Environment>, checkingInitialState: Bool = true,
    from state: State? = nil
  ) {
    self.explorer = explorer
    reporter = issues.reporter
    let initial = state ?? explorer.initialState
    let hook = ReductionHook<State, Action>(initial)
    self.hook = hook
    store = Store(
      initialState: initial, reducer: explorer.reducer,
      environment: explorer.environment(calls, clock), drivenBy: clock,
      onReduce: { action, after, _, _ in hook.reduced(action, after: after) })
    start = clock.now
    hook.reduced = { [unowned self] action, before, after in
      self.reduced(action, before: before, after: after)
    }
    if checkingInitialState { check(step: -1) }
  }

  @inlinable var state: State { store.untrackedState }
  @inlinable var now: Duration { start.duration(to: clock.now) }

  /// Whether steps are checked and their transitions kept. Exhaustive mode turns it off while
  /// it replays a schedule's prefix: every configuration on it was checked when it was first
  /// reached, and a deterministic feature reaches it again the same way.
  @usableFromInline var isReplayingPrefix = false

  @inlinable
  func reduced(_ action: Action, before: State, after: State) {
    guard !isReplayingPrefix else {
      sending = false
      return
    }
    let transition = Transition(
      received: !sending, action: action, before: before, after: after, time: now,
      step: applied.count - 1)
    sending = false
    transitions.append(transition)
    guard !hasFailed else { return }
    for check in explorer.transitionChecks where !check.holds(before, action, after) {
      failure = Failure(
        kind: .invariant(check.name), step: applied.count - 1, transition: transition,
        state: after)
      return
    }
  }

  /// The choices open in the current state: sends first (in the generator's order), then the
  /// timer, then each waiting call with each of its outcomes.
  @inlinable
  func choices() -> [ExploreStep<Action>] {
    let state = store.untrackedState
    var choices = explorer.actions(state).map { ExploreStep.send($0) }
    for generator in explorer.generated {
      choices += generator.samples(state).map { ExploreStep.send($0) }
    }
    if clock.nextDeadline != nil { choices.append(.advance) }
    for call in calls.pending {
      for (outcome, label) in call.outcomes.enumerated() {
        choices.append(
          .resolve(
            call: call.description, name: call.name, outcome: outcome, label: label,
            number: call.number))
      }
    }
    return choices
  }

  /// One of ``choices()`` at random, as random mode picks: first a kind among those open (send,
  /// advance the clock, resolve a call), then a choice of that kind. Nothing is printed: a call
  /// and its outcome are printed only if a report needs them.
  @inlinable
  func randomChoice(using random: inout SeededRandom) -> Choice? {
    let state = store.untrackedState
    let actions = explorer.actions(state)
    let hasTimer = clock.nextDeadline != nil
    let pending = calls.pending
    var resolutions = 0
    for call in pending { resolutions += call.outcomeCount }
    let sizes = [actions.count + explorer.generated.count, hasTimer ? 1 : 0, resolutions]
    let open = sizes.indices.filter { sizes[$0] > 0 }
    guard !open.isEmpty else { return nil }
    let kind = open[Int.random(in: 0..<open.count, using: &random)]
    let choice = Int.random(in: 0..<sizes[kind], using: &random)
    switch kind {
    case 0 where choice < actions.count:
      return .send(actions[choice])
    case 0:
      // A generator that has nothing to draw from in this state (no element to pick) gives way
      // to a literal action, or to the clock or a call.
      if let action = explorer.generated[choice - actions.count].draw(state, &random) {
        return .send(action)
      }
      if let action = actions.randomElement(using: &random) { return .send(action) }
      if hasTimer { return .advance }
      guard let call = pending.first else { return nil }
      return .resolve(call, outcome: 0)
    case 1:
      return .advance
    default:
      var offset = choice
      for call in pending {
        if offset < call.outcomeCount { return .resolve(call, outcome: offset) }
        offset -= call.outcomeCount
      }
      return nil
    }
  }

  /// Runs a step of a schedule: a resolution ends the call it names (by number, when the step
  /// has one, else the oldest waiting call with its description).
  /// Returns whether the step applied.
  @inlinable @discardableResult
  func apply(_ step: ExploreStep<Action>) async -> Bool {
    switch step {
    case .send(let action):
      return await apply(.send(action))
    case .advance:
      return await apply(Choice.advance)
    case .resolve(let description, let name, let outcome, _, let number):
      // The very call the step was made with.
      var call = calls.waitingCall(description, name: name, number: number)
      if call == nil {
        switch leniency {
        case .exact: break
        case .oldest: call = calls.pending.first(where: { $0.name == name })
        case .newest: call = calls.pending.last(where: { $0.name == name })
        }
        resolvedAnotherCall = resolvedAnotherCall || call != nil
      }
      guard let call else { return false }
      // The label recorded is the one the call declares now, which may differ from the one
      // the step was made with when a shrunk schedule passes other arguments.
      return await apply(.resolve(call, outcome: outcome))
    }
  }

  /// Runs a choice and everything it lets run, then checks the state invariants. Returns whether
  /// it applied.
  @inlinable @discardableResult
  func apply(_ choice: Choice) async -> Bool {
    guard !hasFailed else { return false }
    let ran = await IssueReporter.withCurrent(reporter) { () async -> Bool in
      switch choice {
      case .send(let action):
        record(choice)
        sending = true
        _ = store.send(action)
        sending = false
        await runReadyWork()
      case .advance:
        guard let deadline = clock.nextDeadline else { return false }
        record(choice)
        if !(await clock.advance(to: deadline, jobLimit: Self.jobLimit)) { noteSpinning() }
      case .resolve(let call, let outcome):
        guard (0..<call.outcomeCount).contains(outcome), calls.resume(call, outcome: outcome)
        else { return false }
        record(choice)
        await runReadyWork()
      }
      return true
    }
    guard ran else { return false }
    if isReplayingPrefix {
      _ = issues.take()
      return true
    }
    check(step: applied.count - 1)
    if hasFailed { runningAfterFailure = store.runningEffects.descriptions }
    return true
  }

  /// The most jobs one step may run: real effects run a handful; an effect looping on
  /// `Task.yield()` runs them for ever, and is stopped here and reported.
  @inlinable static var jobLimit: Int { 100_000 }

  @inlinable
  func runReadyWork() async {
    if await clock.runReadyWork(jobLimit: Self.jobLimit) >= Self.jobLimit { noteSpinning() }
  }

  /// Reports an effect that keeps running without waiting, with the effects running, and ends
  /// the run: its jobs are abandoned when the run is torn down.
  @usableFromInline
  func noteSpinning() {
    let running = store.runningEffects.map { "  Running: \($0)" }.joined(separator: "\n")
    issues.append(
      """
      An effect never waits: a step ran \(grouped(Self.jobLimit)) jobs without any of them \
      waiting on the clock or a call.

      \(running.isEmpty ? "  Nothing is registered as running." : running)

      An effect that loops on Task.yield() (or polls without sleeping) never lets the run go on; \
      sleep on the environment's clock, or wait on a call, between its turns.
      """)
  }

  /// Whether every step's transitions are kept, as a report and its exported test need; random
  /// mode's runs keep only the current step's (its failure is reported from a run made again).
  @usableFromInline var keepsTransitions = true

  @inlinable
  func record(_ choice: Choice) {
    if !keepsTransitions { transitions.removeAll(keepingCapacity: true) }
    applied.append(choice)
    times.append(now)
  }

  /// Checks the state invariants after `step` (`-1`: the initial state, before any step).
  @inlinable
  func check(step: Int) {
    guard !hasFailed else { return }
    let reported = issues.take()
    if let message = reported.first {
      failure = Failure(
        kind: .runtimeIssue(message), step: step, transition: transitions.last,
        state: store.untrackedState)
      return
    }
    guard !explorer.stateChecks.isEmpty else { return }
    let running = store.runningEffects
    let state = store.untrackedState
    for check in explorer.stateChecks where !check.holds(state, running) {
      failure = Failure(
        kind: .invariant(check.name), step: step,
        transition: transitions.last(where: { $0.step == step }), state: state)
      return
    }
  }

  /// Lets the run end as a test must: resolves waiting calls with their first outcome and
  /// advances through timers, up to `limit` steps; effects still running after that are a
  /// failure.
  @inlinable
  func settle(limit: Int) async {
    if settleStart == nil { settleStart = applied.count }
    var steps = 0
    while !hasFailed, steps < limit {
      // Only effects that run for ever on purpose are left, and no call waits: the run has ended.
      let running = store.runningEffects
      if calls.pending.isEmpty, !running.isEmpty, running.allSatisfy(explorer.isEndless) {
        break
      }
      if let call = calls.pending.first {
        await apply(.resolve(call, outcome: 0))
      } else if clock.nextDeadline != nil {
        await apply(Choice.advance)
      } else {
        break
      }
      steps += 1
    }
    guard !hasFailed else { return }
    let running = store.runningEffects.filter { !explorer.isEndless($0) }.map(\.description)
    if !running.isEmpty {
      failure = Failure(
        kind: .effectsStillRunning(running), step: max(applied.count - 1, 0),
        transition: transitions.last, state: store.untrackedState)
    }
  }

  /// The schedule that led to `failure`: its steps up to the one that failed, without the steps
  /// that ended the run.
  @usableFromInline
  func schedule(to failure: Failure) -> [ExploreStep<Action>] {
    applied.prefix(min(failure.step + 1, settleStart ?? .max)).map(\.step)
  }

  /// Whether the run is at rest: no effect running, no call waiting, no timer set. A
  /// configuration at rest is its state alone.
  @usableFromInline var isAtRest: Bool {
    calls.pending.isEmpty && clock.nextDeadline == nil && store.runningEffects.isEmpty
  }

  /// Adds the configuration the run is in (the state, the waiting calls, the timers and the
  /// running effects) to `seen`; returns whether it was new.
  @inlinable
  func noteConfiguration(in seen: inout SeenConfigurations<State>) -> Bool {
    let state = store.untrackedState
    var rest = calls.pending.map(\.description)
    rest.append("\u{1}")
    rest += clock.sleeperDelays.map { "\($0)" }
    rest.append("\u{1}")
    rest += store.runningEffects.descriptions
    return seen.insert(state: state, rest: rest) { explorer.inspector.line(state) }
  }

  /// Ends the run: cancels what still runs, and hands what the cancelled effects have left to do
  /// to the global executor, where they wind down and free what they hold. Not run here: that
  /// would be work on the main actor for effects whose actions nobody reads any more (and a
  /// main-actor turn for any of them that was waiting there).
  @inlinable
  func tearDown() async {
    store.cancelRunningEffects()
    clock.abandonReadyWork()
  }
}

/// The runtime issues reported during a step.
@usableFromInline
final class IssueLog: Sendable {
  private let messages = Lock<[String]>([])

  @usableFromInline init() {}

  @usableFromInline
  func append(_ message: String) {
    messages.withLock { $0.append(message) }
  }

  /// Reports the runtime's issues into this log.
  @usableFromInline
  var reporter: IssueReporter {
    IssueReporter { [self] message, _ in append(message) }
  }

  @usableFromInline
  func take() -> [String] {
    messages.withLock { messages in
      defer { messages.removeAll() }
      return messages
    }
  }
}
