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
