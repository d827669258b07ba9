import Tide

extension Explorer {
  /// Tries `runs` seeded random schedules of up to `steps` steps, each ended as a test must end
  /// (waiting calls resolved, timers run); shrinks the first that fails.
  ///
  /// At each step it picks one kind of choice among those open (send, advance the clock, resolve
  /// a call), then one choice of that kind. The same seed explores the same schedules.
  ///
  /// ```swift
  /// let report = await Login.explorer().random(seed: 7, runs: 500, steps: 10)
  /// print(report.summary)  // random, seed 7: 500 runs, 5,000 steps; no failure
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The seed of the first run; run `n` uses a seed derived from it.
  ///   - runs: How many schedules to try.
  ///   - steps: The most steps in a schedule, before it is ended.
  ///   - timeBudget: The most real time to spend looking, shrinking aside; when it runs out
  ///     first (looked at between runs and every 1,024 steps of a run), the search stops and its
  ///     ``ExploreReport/shortfall`` says after how many runs.
  ///   - progress: Called at most ten times a second while it runs, and once before shrinking
  ///     or returning, with how far it has got.
  /// - Returns: What was explored, and the shrunk failure if one was found.
  @inlinable
  public func random(
    seed: UInt64, runs: Int, steps: Int, timeBudget: Duration? = nil,
    progress: (@MainActor (ExploreProgress) -> Void)? = nil
  ) async -> ExploreReport<State, Action> {
    await random(
      seed: seed, runs: 0..<max(runs, 0), steps: steps, timeBudget: timeBudget,
      progress: progress, asked: runs)
  }

  /// Random mode over a range of run indices: `runs: 40..<41` replays run 40 of `seed` alone,
  /// as a store of failing seeds does.
  ///
  /// Inlinable, with the run it drives: specialized for the feature's types where it is called,
  /// a step costs about a fifth less than in generic code, which looks up the metadata of the
  /// run's generic types again and again (`tide-benchmarks explore`).
  @inlinable
  package func random(
    seed: UInt64, runs indices: Range<Int>, steps: Int, timeBudget: Duration? = nil,
    progress: (@MainActor (ExploreProgress) -> Void)? = nil, asked: Int? = nil
  ) async -> ExploreReport<State, Action> {
    if let report = await randomReportBeforeRunning(seed: seed, first: indices.first ?? 0) {
      return report
    }
    var stepCount = 0
    var throttle = ProgressThrottle(progress)
    let started = ContinuousClock.now
    var turns = MainActorTurns()
    var done = 0
    var outOfTime = false
    for index in indices {
      throttle.report(runs: done, steps: stepCount)
      await turns.yieldIfDue()
      if let timeBudget, done > 0, ContinuousClock.now - started >= timeBudget {
        outOfTime = true
        break
      }
      var random = SeededRandom(seed: SeededRandom.seed(seed, run: index))
      let run = ExploreRun(self)
      run.keepsTransitions = false
      while !run.hasFailed, run.applied.count < steps {
        guard let step = run.randomChoice(using: &random) else { break }
        await run.apply(step)
        stepCount += 1
        // Within a run too, every 1,024 steps: one run of a huge `steps` would never end.
        if let timeBudget, stepCount % 1_024 == 0, ContinuousClock.now - started >= timeBudget {
          outOfTime = true
          break
        }
      }
      if !run.hasFailed { await run.settle(limit: settleLimit) }
      await run.tearDown()
      done += 1
      if run.hasFailed {
        throttle.report(runs: done, steps: stepCount, force: true)
        return await report(failedRun: run, seed: seed, index: index, runs: done, steps: stepCount)
      }
      if outOfTime { break }
    }
    throttle.report(runs: done, steps: stepCount, force: true)
    return randomReport(
      seed: seed, runs: done, requested: asked ?? indices.count, steps: steps,
      stepCount: stepCount, outOfTime: outOfTime ? timeBudget : nil)
  }

  /// The report of a random search that cannot start, or fails before its first step: a
  /// generator that cannot make anything, or an initial state that breaks an invariant.
  @usableFromInline
  func randomReportBeforeRunning(seed: UInt64, first: Int) async -> ExploreReport<State, Action>? {
    if let problem = generatorProblem {
      return ExploreReport(
        mode: .random(seed: seed, run: nil), runs: 0, steps: 0, states: nil, failure: nil,
        shortfall: problem)
    }
    if let failure = await initialFailure() {
      return await report(
        found: [], failure: failure, mode: .random(seed: seed, run: first), runs: 1, steps: 0,
        states: nil)
    }
    return nil
  }

  /// The report of a random run that failed, with its schedule shrunk.
  @usableFromInline
  func report(
    failedRun run: ExploreRun<State, Action, Environment>, seed: UInt64, index: Int, runs: Int,
    steps: Int
  ) async -> ExploreReport<State, Action> {
    guard let failure = run.failure else { preconditionFailure("the run did not fail") }
    return await report(
      found: run.schedule(to: failure), failure: failure.kind,
      mode: .random(seed: seed, run: index), runs: runs, steps: steps, states: nil)
  }

  /// The report of a random search that found no failure, with what it left unexplored.
  ///
  /// - Parameters:
  ///   - outOfTime: The time budget, when the search stopped at it.
  @usableFromInline
  func randomReport(
    seed: UInt64, runs done: Int, requested: Int, steps: Int, stepCount: Int,
    outOfTime: Duration?
  ) -> ExploreReport<State, Action> {
    let shortfall: String?
    if requested <= 0 {
      shortfall = "it made no run: runs is \(requested)"
    } else if steps <= 0 {
      shortfall = "it took no step: steps is \(steps)"
    } else if stepCount == 0 {
      shortfall = "it took no step: the feature offered no action, timer or call to resolve"
    } else if let timeBudget = outOfTime {
      shortfall =
        "it stopped at its time budget of \(timeBudget) after \(grouped(done)) of "
        + "\(grouped(requested)) runs"
    } else {
      shortfall = nil
    }
    return ExploreReport(
      mode: .random(seed: seed, run: nil), runs: done, steps: stepCount, states: nil,
      failure: nil, shortfall: shortfall)
  }

  /// Tries every schedule up to `depth` steps, breadth first over distinct configurations
  /// (state, waiting calls, timers, running effects), so that a failure it finds is one of the
  /// shortest. Each distinct configuration is also ended as a test must end.
  ///
  /// ```swift
  /// let report = await Login.explorer().exhaustive(depth: 6)
  /// print(report.summary)  // exhaustive to depth 6: 255 states seen, 54 distinct; no failure
  /// ```
  ///
  /// - Parameters:
  ///   - depth: The most steps in a schedule.
  ///   - maxStates: The most configurations to expand; the search stops there and says so.
  ///   - timeBudget: The most real time to spend looking, shrinking aside; when it runs out
  ///     first, the search stops and its ``ExploreReport/shortfall`` says how far it got.
  ///   - progress: Called at most ten times a second while it runs, and once before returning,
  ///     with how far it has got.
  /// - Returns: What was explored, and the failure if one was found.
  @inlinable
  public func exhaustive(
    depth: Int, maxStates: Int = 100_000, timeBudget: Duration? = nil,
    progress: (@MainActor (ExploreProgress) -> Void)? = nil
  ) async -> ExploreReport<State, Action> {
    if let problem = generatorProblem {
      return ExploreReport(
        mode: .exhaustive(depth: depth), runs: 0, steps: 0, states: (0, 0), failure: nil,
        shortfall: problem)
    }
    var throttle = ProgressThrottle(progress)
    if let failure = await initialFailure() {
      return await report(
        found: [], failure: failure, mode: .exhaustive(depth: depth), runs: 1,
        steps: 0, states: (1, 1))
    }
    var queue = [ExhaustiveNode<State, Action>(schedule: [], parent: nil)]
    var next = 0
    var seen = SeenConfigurations<State>(identity: identity)
    var statesSeen = 0
    var stepCount = 0
    var truncated = false
    var outOfTime = false
    let started = ContinuousClock.now
    var turns = MainActorTurns()
    while next < queue.count {
      throttle.report(runs: statesSeen, steps: stepCount, distinct: seen.count)
      await turns.yieldIfDue()
      if let timeBudget, statesSeen > 0, ContinuousClock.now - started >= timeBudget {
        outOfTime = true
        break
      }
      let node = queue[next]
      let schedule = node.schedule
      next += 1
      let atLeaf = schedule.count >= depth
      // The initial state was checked before the search (`initialFailure()`).
      let run: ExploreRun<State, Action, Environment>
      if let parent = node.parent {
        run = ExploreRun(self, checkingInitialState: false, from: parent.state)
        await run.clock.advance(by: parent.time)
      } else {
        run = ExploreRun(self, checkingInitialState: false)
        // The prefix was checked when its configurations were first reached: only the last
        // step, the one that makes this configuration, is checked now.
        run.isReplayingPrefix = true
        for step in schedule.dropLast() { await run.apply(step) }
        run.isReplayingPrefix = false
      }
      if let last = schedule.last { await run.apply(last) }
      stepCount += schedule.count
      statesSeen += 1
      let isNew = !run.hasFailed && run.noteConfiguration(in: &seen)
      var children: [ExploreStep<Action>] = []
      var restart: (state: State, time: Duration)?
      if isNew {
        if !atLeaf {
          if seen.count <= maxStates {
            children = run.choices()
            if restartsFromState, run.isAtRest { restart = (run.state, run.now) }
          } else {
            truncated = true
          }
        }
        // A test may end in any configuration, so each distinct one is also ended as a test
        // must: a dead end, or a loop (a ticker) that leads only back to configurations already
        // seen, would otherwise never be ended, and what it leaves running never found.
        await run.settle(limit: settleLimit)
      }
      await run.tearDown()
      if let failure = run.failure {
        throttle.report(runs: statesSeen, steps: stepCount, distinct: seen.count, force: true)
        // A run started from its parent's state holds only its last step: the schedule from
        // the start is its parent's and that step.
        let found =
          node.parent == nil
          ? run.schedule(to: failure)
          : Array(schedule.dropLast()) + run.schedule(to: failure)
        return await report(
          found: found, failure: failure.kind, mode: .exhaustive(depth: depth),
          runs: statesSeen, steps: stepCount, states: (statesSeen, seen.count))
      }
      queue += children.map { ExhaustiveNode(schedule: schedule + [$0], parent: restart) }
      // Schedules already expanded are no longer needed.
      if next > 4096 {
        queue.removeFirst(next)
        next = 0
      }
    }
    throttle.report(runs: statesSeen, steps: stepCount, distinct: seen.count, force: true)
    let shortfall: String?
    if depth <= 0 {
      shortfall = "it took no step: depth is \(depth)"
    } else if truncated {
      shortfall = "it stopped at the limit of \(grouped(maxStates)) states before depth \(depth)"
    } else if outOfTime, let timeBudget {
      shortfall =
        "it stopped at its time budget of \(timeBudget) after \(grouped(statesSeen)) states, "
        + "before depth \(depth)"
    } else if stepCount == 0 {
      shortfall = "it took no step: the feature offered no action, timer or call to resolve"
    } else {
      shortfall = nil
    }
    return ExploreReport(
      mode: .exhaustive(depth: depth), runs: statesSeen, steps: stepCount,
      states: (statesSeen, seen.count), failure: nil, truncated: truncated, shortfall: shortfall)
  }

  /// Why the explorer cannot run: a generated action that cannot make anything.
  @usableFromInline var generatorProblem: String? {
    let problems = generated.compactMap { $0.problem }
    guard !problems.isEmpty else { return nil }
    return "it made no run: a generated action cannot make anything: "
      + problems.joined(separator: "; ")
  }

  /// How the initial state breaks a state invariant, before any step; `nil` when it does not.
  @usableFromInline func initialFailure() async -> ExploreFailureKind? {
    let run = ExploreRun(self)
    let kind = run.failure?.kind
    await run.tearDown()
    return kind
  }
}
