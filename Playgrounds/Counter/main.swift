// A tour of the Tide runtime: a Store, effects that send actions back, and cancellation.
//
// Run it with `swift run CounterPlayground`. It narrates what happens and checks itself with
// `precondition`, so a test can run it and fail if the tour stops being true.

import Tide

// MARK: - The feature: state, actions, environment, reducer.

enum Counter {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isTimerRunning = false
  }

  enum Action: Sendable, Equatable {
    case incrementTapped
    case decrementTapped
    case factButtonTapped
    case factResponse(String)
    case startTimerTapped
    case timerTicked
    case stopTimerTapped
  }

  struct Environment {
    var fact: @Sendable (Int) async throws -> String
    var clock: any Clock<Duration>
  }

  enum CancelID { case timer }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    case .decrementTapped:
      state.count -= 1
      return .none
    case .factButtonTapped:
      return .run(name: "fact") { [count = state.count] send in
        await send(.factResponse(try await environment.fact(count)))
      } catch: { error, send in
        await send(.factResponse("No fact today: \(error)"))
      }
    case .factResponse(let fact):
      state.fact = fact
      return .none
    case .startTimerTapped:
      state.isTimerRunning = true
      return .run(name: "timer") { send in
        while true {
          try await environment.clock.sleep(for: .seconds(1))
          await send(.timerTicked)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .timerTicked:
      state.count += 1
      return state.count >= 5 ? .send(.stopTimerTapped) : .none
    case .stopTimerTapped:
      state.isTimerRunning = false
      return .cancel(id: CancelID.timer)
    }
  }
}

// MARK: - The tour.

@MainActor
func tour() async {
  let store = Store(
    initialState: Counter.State(),
    reducer: Counter.reducer,
    environment: Counter.Environment(
      fact: { "\($0) is a number the counter reached." },
      // An immediate clock makes the timer tick without waiting; an app injects ContinuousClock().
      clock: ImmediateClock()
    )
  )

  print("1. A store holds state; observers hear about the slices they watch.")
  var seenCounts: [Int] = []
  let observation = store.observe(\.count) { count in
    seenCounts.append(count)
    print("   count is now \(count)")
  }

  print("2. Sending actions runs the reducer synchronously.")
  store.send(.incrementTapped)
  store.send(.incrementTapped)
  store.send(.decrementTapped)
  precondition(store.state.count == 1, "two increments and a decrement leave 1")

  print("3. An effect runs asynchronously and sends its result back through the store.")
  var scratch = store.state
  let factEffect = Counter.reducer.reduce(
    into: &scratch, action: .factButtonTapped,
    environment: Counter.Environment(fact: { _ in "" }, clock: ImmediateClock()))
  print("   the reducer returns a value describing the work: \(factEffect)")
  await store.send(.factButtonTapped).finish()
  print("   fact: \(store.state.fact ?? "none")")
  precondition(store.state.fact == "1 is a number the counter reached.")

  print("4. A cancellable timer ticks until the reducer cancels it by id.")
  await store.send(.startTimerTapped).finish()
  print("   the timer stopped at \(store.state.count); running effects: \(store.runningEffects)")
  precondition(store.state.count == 5 && !store.state.isTimerRunning)
  precondition(store.runningEffects.isEmpty, "cancelling by id ends the timer's task")

  print("5. Cancelling a send's task cancels the effects it started.")
  // This store's clock never moves, so its timer sleeps until it is cancelled.
  let sleepy = Store(
    initialState: Counter.State(),
    reducer: Counter.reducer,
    environment: Counter.Environment(fact: { _ in "" }, clock: ManualClock())
  )
  let timer = sleepy.send(.startTimerTapped)
  print("   running effects: \(sleepy.runningEffects)")
  precondition(sleepy.runningEffects.count == 1)
  timer.cancel()
  await timer.finish()
  print("   after cancel: count \(sleepy.state.count), running effects \(sleepy.runningEffects)")
  precondition(sleepy.state.count == 0 && sleepy.runningEffects.isEmpty)

  observation.cancel()
  precondition(seenCounts.first == 0 && seenCounts.contains(5), "the observer saw the counts")
  print("Done: the counter tour checked itself.")
}

await tour()
