import Tide
import TideInspect
import TideTesting

struct Row: Equatable {
  var id: Int
  var name: String
  var count: Int
}

struct BigState: Equatable {
  var rows: [Row]
}

let bigReducer = Reducer<BigState, Int, Void> { state, index, _ in
  state.rows[index].count += 1
  return .none
}

let counterReducer = Reducer<Int, Bool, Void> { count, up, _ in
  count += up ? 1 : -1
  return .none
}

@MainActor
func testingBenchmarks() async -> [BenchmarkRow] {
  var rows: [BenchmarkRow] = []

  let steps = 10_000
  let perStep = await measure(operations: steps, rounds: 3) {
    let store = TestStore(initialState: 0, reducer: counterReducer, environment: ())
    for _ in 0..<(steps / 2) {
      await store.send(true) { $0 += 1 }
      await store.send(false) { $0 -= 1 }
    }
  }
  rows.append(
    BenchmarkRow(
      group: "testing", name: "exhaustive TestStore step (10,000-step test)", nanoseconds: perStep,
      baseline: "Store.send, 0 observers", note: "send + state check + draining effects"))

  let big = BigState(
    rows: (0..<10_000).map { Row(id: $0, name: "Row \($0)", count: 0) })
  // A deep copy: arrays that share a buffer compare equal without looking at their elements.
  let copy = opaque(
    BigState(rows: big.rows.map { Row(id: $0.id, name: "Row \($0.id)", count: $0.count) }))
  let equality = measure(operations: 1000) {
    for _ in 0..<1000 { blackHole(copy == big) }
  }
  rows.append(
    BenchmarkRow(
      group: "testing", name: "== on a 10,000-element state", nanoseconds: equality))

  let bigSteps = 200
  let bigStep = await measure(operations: bigSteps, rounds: 3) {
    let store = TestStore(initialState: big, reducer: bigReducer, environment: ())
    for step in 0..<bigSteps {
      await store.send(step) { $0.rows[step].count += 1 }
    }
  }
  rows.append(
    BenchmarkRow(
      group: "testing", name: "TestStore step on a 10,000-element state", nanoseconds: bigStep,
      baseline: "== on a 10,000-element state", note: "a state copy, the reducer, two =="))

  // A step that changes nothing costs the same whatever the state's size: the search for
  // shared copies visits at most 20,000 values, and lists no more children than that.
  let unchanged = Reducer<[Int], Bool, Void> { _, _, _ in .none }
  let quietSteps = 100
  var quiet: [Int: Double] = [:]
  for size in [10, 1_000_000] {
    let state = Array(0..<size)
    quiet[size] = await measure(operations: quietSteps, rounds: 3) {
      let store = TestStore(initialState: state, reducer: unchanged, environment: ())
      for _ in 0..<quietSteps { await store.send(true) }
    }
    rows.append(
      BenchmarkRow(
        group: "testing",
        name:
          "TestStore step that changes nothing, \(size == 10 ? "10" : "1,000,000")-element state",
        nanoseconds: quiet[size]!,
        baseline: size == 10 ? nil : "TestStore step that changes nothing, 10-element state",
        note: size == 10 ? "the state shares its buffer before and after: == costs nothing" : ""))
  }

  var changed = big
  changed.rows[5_000].count = 99
  let inspector = Inspector()
  let diffTime = measure(operations: 1, rounds: 3) {
    blackHole(inspector.diff(big, changed))
    blackHole(inspector.closure(from: big, to: changed))
  }
  rows.append(
    BenchmarkRow(
      group: "testing", name: "failure diff of a 10,000-element state", nanoseconds: diffTime,
      baseline: "== on a 10,000-element state",
      target: .time(atMost: 50e6, strict: true, "< 50 ms"),
      note: "diff plus expected closure: \(format(diffTime / 1e6, digits: 1)) ms"))

  /// A failure's diff and expected closure from `old` to `new`, against the large state's.
  func failureDiffRow(_ name: String, from old: Any, to new: Any) -> BenchmarkRow {
    let time = measure(operations: 1, rounds: 3) {
      blackHole(inspector.diff(old, new))
      blackHole(inspector.closure(from: old, to: new))
    }
    return BenchmarkRow(
      group: "testing", name: name, nanoseconds: time,
      baseline: "failure diff of a 10,000-element state",
      note: "diff plus expected closure: \(format(time / 1e6, digits: 1)) ms")
  }
  // A capped log that dropped one entry and gained one: two edits, found by the shortest edit
  // script past the alignment table's size.
  rows.append(
    failureDiffRow(
      "failure diff of a 1,000-entry log that slid by one", from: Array(0..<1_000),
      to: Array(1...1_000)))
  // A letter appended to a string of a million: what both hold is counted, not printed.
  let text = String(repeating: "ab", count: 500_000)
  rows.append(
    failureDiffRow(
      "failure diff of a 1,000,000-character string, one appended", from: text, to: text + "c"))
  return rows
}
