import Testing

@testable import Tide

/// Running a clock's ready work gives the main actor a turn only when a job may have hopped
/// there by itself: effects that hop still settle within one `runReadyWork`, and effects that
/// only sleep, send, wait or finish never pay for a turn.
@MainActor
@Suite struct ManualClockTurnTests {
  enum Action: Sendable, Equatable {
    case start
    case done(Int)
  }

  @MainActor static func onMainActor(_ value: Int) -> Int { value + 1 }

  func store(
    clock: ManualClock, effect: @escaping @Sendable (Send<Action>) async throws -> Void
  ) -> Store<[Int], Action> {
    let reducer = Reducer<[Int], Action, Void> { log, action, _ in
      switch action {
      case .start:
        return .run(operation: effect)
      case .done(let value):
        log.append(value)
        return .none
      }
    }
    return Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
  }

  @Test func effectsThatSleepSendAndFinishTakeNoTurn() async {
    let clock = ManualClock()
    let store = store(clock: clock) { send in
      await send(.done(1))
      try await clock.sleep(for: .seconds(1))
      await send(.done(2))
    }
    store.send(.start)
    await clock.runReadyWork()
    #expect(store.state == [1])
    await clock.advance(by: .seconds(1))
    #expect(store.state == [1, 2])
    #expect(store.runningEffects.isEmpty)
    #expect(clock.mainActorTurns == 0)
  }

  /// A view's `.task` body modelled in a test: a task on the main actor that sleeps on the
  /// clock twice. Started with the clock as its executor preference, its sleeps run on the clock,
  /// so one advance past both deadlines wakes it at each, and it runs up to its next sleep before
  /// time moves on (the search screen's port found that a plain task's second sleep started from
  /// the end of the advance: it runs on its own, concurrently).
  @Test func aMainActorTaskPreferringTheClockRunsBetweenItsWakeUps() async {
    let clock = ManualClock()
    let log = Lock<[String]>([])
    let task = Task(executorPreference: clock) {
      try await clock.sleep(for: .seconds(1))
      MainActor.assertIsolated()  // a task made on the main actor runs there, as a view's does
      log.withLock { $0.append("woke at \(clock.now)") }
      try await clock.sleep(for: .seconds(1))
      log.withLock { $0.append("woke again at \(clock.now)") }
    }
    // No waitForSleepers: the advance runs the task up to its first sleep, as it runs effects.
    await clock.advance(by: .seconds(5))
    #expect(log.withLock { $0 } == ["woke at 1.0 seconds", "woke again at 2.0 seconds"])
    #expect(clock.now == ManualClock.Instant(offset: .seconds(5)))
    task.cancel()
    _ = await task.result
  }

  @Test func anEffectThatHopsToTheMainActorStillSettles() async {
    let clock = ManualClock()
    let store = store(clock: clock) { send in
      var value = 0
      for _ in 0..<3 { value = await Self.onMainActor(value) }
      await send(.done(value))
    }
    store.send(.start)
    await clock.runReadyWork()
    #expect(store.state == [3])
    #expect(store.runningEffects.isEmpty)
    #expect(clock.mainActorTurns >= 3)
  }

  @Test func aChildTaskThatHopsStillSettles() async {
    let clock = ManualClock()
    let store = store(clock: clock) { send in
      async let first = Self.onMainActor(10)
      async let second = Self.onMainActor(20)
      await send(.done(await first + second))
    }
    store.send(.start)
    await clock.runReadyWork()
    #expect(store.state == [32])
    #expect(store.runningEffects.isEmpty)
    #expect(clock.mainActorTurns >= 1)
  }

  /// A wait cancelled in the instant after its job noted a visible end runs on in that job: the
  /// job then counts as having woken unseen work (issue 35, §1). A cancellation that resumes the
  /// wait in a later job changes nothing for either job.
  @Test func aWaitCancelledInTheJobThatNotedItsEndTakesATurn() {
    var noted: UInt64?
    let sameJob = JobEnds.endsVisibly {
      noted = JobEnds.currentJob
      JobEnds.noteVisibleEnd()
      JobEnds.noteUnseenWork(ifStillIn: noted)  // the wait threw, still in this job
    }
    #expect(noted != nil)
    #expect(!sameJob)
    let laterJob = JobEnds.endsVisibly {
      JobEnds.noteUnseenWork(ifStillIn: noted)  // the wait threw in a later job
      JobEnds.noteVisibleEnd()
    }
    #expect(laterJob)
    #expect(JobEnds.currentJob == nil)
  }

  /// A debounce is a concatenation whose task waits for its first step's task: a wait the clock
  /// sees end through its own queue, so a search typed, debounced and replaced takes no turn.
  @Test func aConcatenationWaitingForItsFirstStepTakesNoTurn() async {
    let clock = ManualClock()
    let reducer = Reducer<[Int], Int, Void> { log, value, _ in
      guard value >= 0 else {
        log.append(-value)
        return .none
      }
      return .run { send in await send(-value) }
        .debounce(id: "search", for: .seconds(1), clock: clock)
    }
    let store = Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
    store.send(1)
    await clock.runReadyWork()
    store.send(2)
    await clock.runReadyWork()
    await clock.advance(by: .seconds(1))
    #expect(store.state == [2])
    #expect(store.runningEffects.isEmpty)
    #expect(clock.mainActorTurns == 0)
  }

  /// What follows the wait still counts: a concatenation's second step that hops to the main
  /// actor is waited for within the same `runReadyWork`.
  @Test func aConcatenationWhoseSecondStepHopsStillSettles() async {
    let clock = ManualClock()
    let reducer = Reducer<[Int], Action, Void> { log, action, _ in
      switch action {
      case .start:
        return .concatenate(
          .run { _ in try await clock.sleep(for: .seconds(1)) },
          .run { send in await send(.done(Self.onMainActor(Self.onMainActor(0)))) })
      case .done(let value):
        log.append(value)
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
    store.send(.start)
    await clock.runReadyWork()
    await clock.advance(by: .seconds(1))
    #expect(store.state == [2])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func aNoteOutsideAClockJobCountsForNothing() async {
    // Not inside a job: nothing to count, and nothing breaks.
    JobEnds.noteVisibleEnd()
    let clock = ManualClock()
    let store = store(clock: clock) { send in
      await send(.done(Self.onMainActor(0)))
    }
    store.send(.start)
    await clock.runReadyWork()
    #expect(store.state == [1])
  }
}
