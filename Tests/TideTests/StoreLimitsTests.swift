import Observation
import Testing
import TideTestSupport

@testable import Tide

/// Misuse that used to hang or misbehave silently: each has a bound or a report now.
@MainActor
@Suite("Store limits and reports")
struct StoreLimitsTests {
  let counter = Reducer<Int, Int, Void> { count, delta, _ in
    count += delta
    return .none
  }

  @Test("An observer that always sends is stopped and reported, and send returns")
  func observerLoop() {
    let issues = ReportedIssues()
    let store = Store(initialState: 0, reducer: counter, environment: ())
    IssueReporter.$current.withValue(issues.reporter) {
      store.observe { [weak store] _ in store?.send(1) }
    }
    // Its first call, made before it is registered, sends once.
    #expect(store.state == 1)
    IssueReporter.$current.withValue(issues.reporter) { store.send(100) }
    #expect(store.state == 1 + 100 + observerRoundLimit)
    #expect(
      issues.all == [
        """
        Observers kept sending actions: the store handled 10000 batches in a row, and after each of them an observer sent more.

          Last sent: 1

        The store dropped the 1 action they had queued, to stop the loop. An observer should send only when the state calls for it.
        """
      ])
    // An action that changes nothing tells no observer.
    IssueReporter.$current.withValue(issues.reporter) { store.send(0) }
    #expect(issues.all.count == 1)
    // The store still works, and the loop starts over (and is stopped again) on the next change.
    IssueReporter.$current.withValue(issues.reporter) { store.send(2) }
    #expect(issues.all.count == 2)
  }

  @Test("An observer that sends until the state settles is not a loop")
  func observerThatSettles() {
    let issues = ReportedIssues()
    let store = Store(initialState: 0, reducer: counter, environment: ())
    IssueReporter.$current.withValue(issues.reporter) {
      store.observe(\.self) { [weak store] count in
        if count < 5_000 { store?.send(1) }
      }
      store.send(1)
    }
    #expect(store.state == 5_000)
    #expect(issues.all.isEmpty)
  }

  @Test("An observer removed by one called before it in the same round is not told")
  func observerRemovedMidRound() {
    let store = Store(initialState: 0, reducer: counter, environment: ())
    var told: [String] = []
    var second: StoreObservation?
    store.observe { count in
      told.append("first \(count)")
      if count == 1 { second?.cancel() }
    }
    second = store.observe { count in told.append("second \(count)") }
    store.send(1)
    store.send(1)
    #expect(told == ["first 0", "second 0", "first 1", "first 2"])
  }

  @Test("A store observed by a closure that sends to it weakly is released")
  func observingFromInsideAnObserverDoesNotLeak() {
    weak var released: Store<Int, Int>?
    do {
      let store = Store(initialState: 0, reducer: counter, environment: ())
      store.observe(\.self) { [weak store] count in
        if count == 1 { store?.send(1) }
      }
      store.send(1)
      #expect(store.state == 2)
      released = store
    }
    #expect(released == nil)
  }

  /// A log of actions whose "start" runs an effect named "leaky" that lets its send escape into
  /// `escaped`, then does `rest`.
  func leakyLog(
    _ escaped: Lock<Send<String>?>,
    then rest: @escaping @Sendable (Send<String>) async throws -> Void
  ) -> Reducer<[String], String, Void> {
    Reducer { log, action, _ in
      log.append(action)
      guard action == "start" else { return .none }
      return .run(name: "leaky") { send in
        escaped.withLock { $0 = send }
        try await rest(send)
      }
    }
  }

  @Test("A send that escaped its effect is delivered and reported")
  func escapedSend() async {
    // Delivered, as the reference library does, and reported: nothing waits for it any more.
    let issues = ReportedIssues()
    let escaped = Lock<Send<String>?>(nil)
    let reducer = leakyLog(escaped) { send in await send("inside") }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      await store.send("start").finish()
      await escaped.withLock { $0 }?("late")
    }
    #expect(store.state == ["start", "inside", "late"])
    #expect(
      issues.all == [
        """
        An effect sent an action after it had finished.

          Effect: .run("leaky")
          Action: "late"

        The action was delivered, but nothing waits for it and cancelling the effect cannot stop it: its send escaped the effect's operation. Await the work that sends inside the operation, so that the effect lasts as long as it does.
        """
      ])
  }

  @Test("A send an unstructured task calls after its effect returned is delivered")
  func escapedIntoAnUnstructuredTask() async {
    let issues = ReportedIssues()
    let delivered = AsyncStream<Void>.makeStream()
    // The unstructured task sends once the test has seen the effect finish: no race.
    let finished = AsyncStream<Void>.makeStream()
    let reducer = Reducer<Int, String, Void> { count, action, _ in
      switch action {
      case "start":
        return .run(name: "escaping") { send in
          Task {
            var waiting = finished.stream.makeAsyncIterator()
            await waiting.next()
            await send("increment")
            delivered.continuation.yield()
          }
        }
      default:
        count += 1
        return .none
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      await store.send("start").finish()
      finished.continuation.yield()
      var iterator = delivered.stream.makeAsyncIterator()
      await iterator.next()
    }
    #expect(store.state == 1)
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.hasPrefix("An effect sent an action after it had finished.") == true)
  }

  @Test("A send that escaped a cancelled effect is reported and dropped")
  func escapedFromACancelledEffect() async {
    let issues = ReportedIssues()
    let escaped = Lock<Send<String>?>(nil)
    let reducer = leakyLog(escaped) { _ in try await Task.sleep(for: .seconds(3600)) }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      let task = store.send("start")
      while escaped.withLock({ $0 }) == nil { await Task.yield() }
      task.cancel()
      await task.finish()
      await escaped.withLock { $0 }?("late")
    }
    #expect(store.state == ["start"])
    #expect(
      issues.all == [
        """
        An effect sent an action after it had been cancelled and had finished.

          Effect: .run("leaky")
          Action: "late"

        The action was dropped: cancellation is final. Its send escaped the effect's operation: await the work that sends inside the operation, so that the effect lasts as long as it does and its cancellation reaches that work.
        """
      ])
  }

  @Test("An action sent while its effect runs arrives even after the effect returned")
  func sentWhileRunningArrivesAfterTheEffectReturned() async {
    let sending = Lock(false)
    let returned = Lock(false)
    let reducer = Reducer<[String], String, Void> { log, action, _ in
      log.append(action)
      guard action == "hold" else { return .none }
      return .run(name: "holding") { send in
        // An unstructured task sends while the effect still runs; the effect then returns
        // without waiting for it, while the main actor is busy, so the action arrives after.
        Task.detached {
          sending.withLock { $0 = true }
          await send("late")
        }
        while !sending.withLock({ $0 }) { await Task.yield() }
        returned.withLock { $0 = true }
      }
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    let task = store.send("hold")
    // Keep the main actor busy until the effect's operation has returned.
    while !returned.withLock({ $0 }) {}
    await task.finish()
    for _ in 0..<1000 where store.state.count < 2 { await Task.yield() }
    #expect(store.state == ["hold", "late"])
  }

  @Test("A send that escaped into a cancelled tree is reported and dropped")
  func escapedIntoACancelledTree() async {
    let issues = ReportedIssues()
    let escaped = Lock<Send<String>?>(nil)
    let reducer = Reducer<[String], String, Void> { log, action, _ in
      log.append(action)
      guard action == "leak" else { return .none }
      return .run(name: "leaky") { send in escaped.withLock { $0 = send } }
    }
    let store = Store(initialState: [], reducer: reducer, environment: ())
    await IssueReporter.$current.withValue(issues.reporter) {
      let task = store.send("leak")
      await task.finish()
      task.cancel()
      await escaped.withLock { $0 }?("late")
    }
    #expect(store.state == ["leak"])
    #expect(
      issues.all.first?.hasPrefix(
        "An effect sent an action after it had been cancelled and had finished.") == true)
  }

  @Test("Reads through 100 scopes see every change, and Observation tracks them on the root")
  func deepScopedReads() {
    let root = Store(initialState: 0, reducer: counter, environment: ())
    var scoped = root
    for _ in 0..<100 { scoped = scoped.makeChildStore(state: { $0 }, action: { $0 }) }
    let deep = scoped
    let half = root.makeChildStore(state: { $0 / 2 }, action: { $0 })
    #expect(deep.state == 0)
    let changes = Lock(0)
    withObservationTracking {
      _ = deep.state
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    for step in 1...10 {
      deep.send(1)
      #expect(deep.state == step)
      #expect(half.state == step / 2)
    }
    #expect(changes.withLock { $0 } == 1)
    var seen: [Int] = []
    deep.observe(\.self) { seen.append($0) }
    root.send(5)
    #expect(seen == [10, 15])
    #expect(deep.state == 15)
  }

  @Test("A scoped store read between two reductions of one send sees the state of the first")
  func scopedReadsBetweenReductions() {
    let chain = Reducer<Int, Int, Void> { count, remaining, _ in
      count += 1
      return remaining > 0 ? .send(remaining - 1) : .none
    }
    var seen: [Int] = []
    var child: Store<Int, Int>?
    let store = Store(
      initialState: 0, reducer: chain, environment: (), drivenBy: ManualClock(),
      onReduce: { _, _, _, _ in seen.append(child?.state ?? -1) })
    child = store.makeChildStore(state: { $0 }, action: { $0 })
    store.send(3)
    #expect(seen == [1, 2, 3, 4])
    #expect(child?.state == 4)
  }
}
