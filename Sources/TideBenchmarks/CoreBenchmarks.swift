import Tide

/// The state the runtime benchmarks send to: a counter and a thousand cells for observers.
struct BenchState: Equatable {
  var count = 0
  var cells = [Int](repeating: 0, count: 1000)
}

enum BenchAction: Sendable {
  case increment
  case bounce
  case roundTrip
  case done
}

let benchReducer = Reducer<BenchState, BenchAction, Void> { state, action, _ in
  switch action {
  case .increment:
    state.count &+= 1
    return .none
  case .bounce:
    return .send(.increment)
  case .roundTrip:
    return .run { send in await send(.done) }
  case .done:
    state.count &+= 1
    return .none
  }
}

@MainActor
func mainActorNoop() {}

/// Work after a hop to the main actor that must run off it, as the code after an effect's
/// `await send(…)` does: the task hops back to the global executor for it.
@inline(never)
func nonisolatedNoop() {}

struct BenchRow: Identifiable, Equatable {
  let id: Int
  var count = 0
}

struct BenchRows: Equatable {
  var rows: IdentifiedArray<BenchRow>
}

enum BenchRowsAction: Sendable {
  case row(id: Int, action: BenchAction)
}

/// The explicit case path, as the docs advise on hot paths: the reflecting one costs microseconds.
let benchRowPath = CasePath<BenchRowsAction, (Int, BenchAction)>(
  embed: { BenchRowsAction.row(id: $0.0, action: $0.1) },
  extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })

let benchRowsReducer = Reducer<BenchRows, BenchRowsAction, Void>.empty.forEach(
  \.rows, action: benchRowPath, environment: { $0 },
  child: Reducer { row, _, _ in
    row.count &+= 1
    return .none
  })

/// Starts 10,000 effects asleep on `clock` under 100 identifiers (action 0), and cancels them
/// all (action 1).
func cancelBenchReducer(clock: ManualClock) -> Reducer<Int, Int, Void> {
  Reducer { _, action, _ in
    if action == 0 {
      return .merge(
        (0..<10_000).map { index in
          Effect<Int>.run { _ in try await clock.sleep(for: .seconds(1_000_000)) }
            .cancellable(id: index % 100)
        })
    }
    return .merge((0..<100).map { Effect<Int>.cancel(id: $0) })
  }
}

@MainActor
func coreBenchmarks() async -> [BenchmarkRow] {
  var rows: [BenchmarkRow] = []
  let sends = 1_000_000

  // The same reducer call a store makes, through a reducer value the optimizer cannot inline.
  let reducer = opaque(benchReducer)
  let raw = measure(operations: sends) {
    var state = BenchState()
    for _ in 0..<sends {
      blackHole(reducer.reduce(into: &state, action: .increment, environment: ()))
    }
    blackHole(state)
  }
  rows.append(BenchmarkRow(group: "runtime", name: "raw reducer loop", nanoseconds: raw))

  for observers in [0, 1, 100, 1000] {
    let store = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
    var notifications = 0
    for index in 0..<observers {
      store.observe({ $0.cells[index] }, onChange: { _ in notifications += 1 })
    }
    let count = observers >= 100 ? sends / 100 : sends
    let time = measure(operations: count) {
      for _ in 0..<count { store.send(.increment) }
    }
    blackHole(notifications)
    let target: Target
    switch observers {
    case 1:
      target = .all([
        .ratio(atMost: 10, strict: true, "< 10× raw"), .time(atMost: 50, strict: true, "< 50 ns"),
      ])
    case 1000: target = .time(atMost: 10_000, strict: true, "< 10,000 ns")
    default: target = .none
    }
    rows.append(
      BenchmarkRow(
        group: "runtime", name: "Store.send, \(observers) observers", nanoseconds: time,
        baseline: "raw reducer loop", target: target))
  }

  // A thousand observers of the counter, by closure and by key path (issue 33, §6: a key-path
  // observer cost six times a closure observer, 31 ns against 4.8).
  var observed: [String: Double] = [:]
  for kind in ["closure", "key path"] {
    let store = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
    var notifications = 0
    for _ in 0..<1000 {
      if kind == "closure" {
        store.observe({ $0.count }, onChange: { _ in notifications += 1 })
      } else {
        store.observe(\.count, onChange: { _ in notifications += 1 })
      }
    }
    let count = sends / 100
    observed[kind] = measure(operations: count) {
      for _ in 0..<count { store.send(.increment) }
    }
    blackHole(notifications)
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "Store.send, 1,000 closure observers of the count",
      nanoseconds: observed["closure"]!))
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "Store.send, 1,000 key-path observers of the count",
      nanoseconds: observed["key path"]!,
      baseline: "Store.send, 1,000 closure observers of the count",
      target: .ratio(atMost: 2, "≤ 2× closure observers")))

  let root = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
  let rootSend = measure(operations: sends) {
    for _ in 0..<sends { root.send(.increment) }
  }
  for levels in [1, 5, 10] {
    var scoped = root
    for _ in 0..<levels { scoped = scoped.makeChildStore(state: { $0 }, action: { $0 }) }
    let store = scoped
    let time = measure(operations: sends) {
      for _ in 0..<sends { store.send(.increment) }
    }
    rows.append(
      BenchmarkRow(
        group: "runtime", name: "send through \(levels) scope levels", nanoseconds: time,
        baseline: "Store.send, 0 observers",
        target: levels == 5 ? .ratio(atMost: 2, strict: true, "< 2× root send") : .none,
        note: levels == 1 ? "root send in this run: \(format(rootSend, digits: 1)) ns" : ""))
  }

  rows += nestingBenchmarks(sends: sends)
  rows += navigationBenchmarks(sends: sends)
  rows += sharingBenchmarks(sends: sends)
  rows += observationBenchmarks(sends: sends / 10)
  rows += collectionBenchmarks(operations: sends)

  // Reading `state` through scopes, with no send in between: what a view does on every render.
  let reads = 1_000_000
  for levels in [1, 100] {
    var scoped = root
    for _ in 0..<levels { scoped = scoped.makeChildStore(state: { $0 }, action: { $0 }) }
    let store = scoped
    let time = measure(operations: reads) {
      for _ in 0..<reads { blackHole(store.state.count) }
    }
    rows.append(
      BenchmarkRow(
        group: "runtime", name: "read state through \(levels) scope level\(levels == 1 ? "" : "s")",
        nanoseconds: time, baseline: levels == 1 ? nil : "read state through 1 scope level",
        target: levels == 100 ? .ratio(atMost: 2, "≤ 2× a read at 1 level") : .none))
  }

  // An element's action in a large identified collection, found by its identifier.
  let elements = 100_000
  let collection = Store(
    initialState: BenchRows(rows: IdentifiedArray((0..<elements).map { BenchRow(id: $0) })),
    reducer: benchRowsReducer, environment: ())
  // Against a root send in alternating rounds, as the nesting rows are.
  let (elementRoot, elementTime) = measureAlternating(operations: sends) {
    for _ in 0..<sends { root.send(.increment) }
  } and: {
    // Every element in turn; a counter rather than `%`, whose division would be measured too.
    var id = 0
    for _ in 0..<sends {
      collection.send(.row(id: id, action: .increment))
      id = id == elements - 1 ? 0 : id + 1
    }
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "element action, 100,000-element collection",
      nanoseconds: elementTime, baseline: "Store.send, 0 observers", pairedBaseline: elementRoot,
      target: .ratio(atMost: 1.7, "≤ 1.7× root send (issue 33)"),
      note: "forEach over an IdentifiedArray, every element in turn"))
  // The same in a random order, as taps on a long list land: the index and the element are
  // then each a cache miss, which no order of the table avoids.
  var generator = SeededRandom(seed: 13)
  let order = (0..<elements).shuffled(using: &generator)
  let shuffledTime = measure(operations: sends) {
    var position = 0
    for _ in 0..<sends {
      collection.send(.row(id: order[position], action: .increment))
      position = position == elements - 1 ? 0 : position + 1
    }
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "element action, 100,000 elements, random order",
      nanoseconds: shuffledTime, baseline: "Store.send, 0 observers",
      note: "includes reading the order"))

  // Cancelling effects by identifier costs what is under the identifiers, not every effect.
  let clock = ManualClock()
  let cancelStore = Store(
    initialState: 0, reducer: cancelBenchReducer(clock: clock), environment: (), drivenBy: clock)
  var cancelTime = Double.infinity
  for _ in 0..<5 {
    cancelStore.send(0)
    await clock.advance()
    let time = measure(operations: 1, rounds: 1) { cancelStore.send(1) }
    await clock.advance()
    cancelTime = min(cancelTime, time)
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "cancel 10,000 effects over 100 ids", nanoseconds: cancelTime,
      target: .time(atMost: 50e6, strict: true, "< 50 ms"),
      note: "one step of 100 .cancel(id:)s; best of 5"))

  let bounce = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
  let bounceTime = measure(operations: sends) {
    for _ in 0..<sends { bounce.send(.bounce) }
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "send with a .send effect", nanoseconds: bounceTime,
      baseline: "Store.send, 0 observers"))

  // The least an effect's round trip must do on this platform: start a task off the main actor,
  // hop back to the main actor once, and let the main actor await the task. No store is involved.
  // Both are mostly thread wake-ups, whose cost drifts by 2× over seconds on a shared machine,
  // so their rounds alternate: each ratio compares the two in the same phase.
  let roundTrips = 10_000
  let roundTripStore = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
  let (hopBaseline, roundTrip) = await measureAlternating(operations: roundTrips, rounds: 5) {
    for _ in 0..<roundTrips { await Task.detached { await mainActorNoop() }.value }
  } and: {
    for _ in 0..<roundTrips { await roundTripStore.send(.roundTrip).finish() }
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "task + hop to the main actor (no store)", nanoseconds: hopBaseline,
      note: "the floor for an effect that sends one action back"))
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "effect round trip (.run sends back)", nanoseconds: roundTrip,
      baseline: "task + hop to the main actor (no store)",
      target: .ratio(atMost: 1.15, "≤ 1.15× baseline (issue 33)"),
      note: "reduce, start a task, send back, reduce, finish"))

  // An effect's task goes back to the global executor after its send is reduced: for the code
  // after the send, and, in an operation that can throw (as `.run`'s can), after its last await
  // whatever follows (the compiler emits that hop). A floor with that hop back shows what Tide
  // adds above the wake-ups a send that waits for its reduction makes.
  let (hopBackBaseline, roundTripAgain) = await measureAlternating(
    operations: roundTrips, rounds: 5
  ) {
    for _ in 0..<roundTrips {
      await Task.detached {
        await mainActorNoop()
        nonisolatedNoop()
      }.value
    }
  } and: {
    for _ in 0..<roundTrips { await roundTripStore.send(.roundTrip).finish() }
  }
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "task + hop to the main actor and back (no store)",
      nanoseconds: hopBackBaseline,
      note: "the floor for an effect whose task goes on after its send"))
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "effect round trip, to the floor with a hop back",
      nanoseconds: roundTripAgain,
      baseline: "task + hop to the main actor and back (no store)",
      note: "the same round trip, alternating with that floor"))

  let memoryStore = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
  memoryStore.observe(\.count, onChange: { blackHole($0) })
  for _ in 0..<100_000 { memoryStore.send(.increment) }
  let before = peakResidentMemory()
  let million = measure(operations: sends, rounds: 1) {
    for _ in 0..<sends { memoryStore.send(.increment) }
  }
  let after = peakResidentMemory()
  rows.append(
    BenchmarkRow(
      group: "runtime", name: "1,000,000 sends, 1 observer", nanoseconds: million,
      baseline: "raw reducer loop",
      target: .checked("memory flat (peak grows < 1 MiB)", met: after - before < 1 << 20),
      note: "peak resident memory \(before / 1024) KiB before, \(after / 1024) KiB after"))
  return rows
}
