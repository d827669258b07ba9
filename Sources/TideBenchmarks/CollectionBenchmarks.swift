import Tide

/// `IdentifiedArray`, `StackState`, `Shared` and `Effect` used from another module, as a feature's reducer
/// uses them: each operation against the same operation on an `Array` of the same elements (or
/// a lone `.send`) in the same run. Code in the
/// feature's module is specialized for its element type only where the collection's code can be
/// inlined into it; what cannot be runs generic, looking up type metadata on every call.
func collectionBenchmarks(operations: Int) -> [BenchmarkRow] {
  let size = 1_000
  var array = (0..<size).map { BenchRow(id: $0) }
  var rows = IdentifiedArray(array)
  var rows2 = rows
  var rows3 = rows
  var array2 = array

  // Changing one element, every element in turn.
  let arrayChange = measure(operations: operations) {
    var position = 0
    for _ in 0..<operations {
      array[position].count &+= 1
      position = position == size - 1 ? 0 : position + 1
    }
    blackHole(array)
  }
  let rowChange = measure(operations: operations) {
    var id = 0
    for _ in 0..<operations {
      rows[id: id]?.count &+= 1
      id = id == size - 1 ? 0 : id + 1
    }
    blackHole(rows)
  }

  // Reading every element: the sum of the counts, in a function that is not inlined, with one
  // element changed between passes, so that no pass can be skipped.
  let passes = max(1, operations / size)
  let arrayRead = measure(operations: passes) {
    var sum = 0
    for pass in 0..<passes {
      array2[pass % size].count &+= 1
      sum &+= sumOfCounts(array2)
    }
    blackHole(sum)
  }
  let rowRead = measure(operations: passes) {
    var sum = 0
    for pass in 0..<passes {
      rows2[pass % size].count &+= 1
      sum &+= sumOfCounts(rows2)
    }
    blackHole(sum)
  }

  // Adding an element at the end and removing it by identifier.
  let addRemove = measure(operations: operations) {
    for _ in 0..<operations {
      rows3.append(BenchRow(id: size))
      rows3.remove(id: size)
    }
    blackHole(rows3)
  }

  // Pushing a screen on a navigation stack and popping it.
  var stack = StackState<BenchRow>()
  let pushPop = measure(operations: operations) {
    for n in 0..<operations {
      stack.append(BenchRow(id: n))
      stack.popLast()
    }
    blackHole(stack)
  }

  // Effects a reducer returns: one `.send`, and a merge of two.
  let send = measure(operations: operations) {
    for _ in 0..<operations { blackHole(Effect<BenchAction>.send(.increment)) }
  }
  let merge = measure(operations: operations) {
    for _ in 0..<operations {
      blackHole(Effect<BenchAction>.merge(.send(.increment), .send(.done)))
    }
  }

  // Changing a shared value in place, as a feature changes its copy.
  var shared = Shared(key: "counts", value: [0, 0, 0])
  let sharedChange = measure(operations: operations) {
    var position = 0
    for _ in 0..<operations {
      shared.value[position] &+= 1
      position = position == 2 ? 0 : position + 1
    }
    blackHole(shared)
  }

  // A child's `.send` lifted into a parent's action, as composing a child by hand does.
  let mapped = measure(operations: operations) {
    for _ in 0..<operations {
      blackHole(Effect<BenchAction>.send(.increment).map { BenchRowsAction.row(id: 1, action: $0) })
    }
  }

  return [
    BenchmarkRow(
      group: "runtime", name: "change an Array's element", nanoseconds: arrayChange,
      note: "1,000 elements, each in turn: the baseline for the row below"),
    BenchmarkRow(
      group: "runtime", name: "change an IdentifiedArray's element by identifier",
      nanoseconds: rowChange, baseline: "change an Array's element",
      note: "rows[id: id]?.count += 1 in a module of its own, as a feature's reducer writes it"),
    BenchmarkRow(
      group: "runtime", name: "read an Array's 1,000 elements in order", nanoseconds: arrayRead,
      note: "a sum of one field"),
    BenchmarkRow(
      group: "runtime", name: "read an IdentifiedArray's 1,000 elements in order",
      nanoseconds: rowRead, baseline: "read an Array's 1,000 elements in order",
      note: "for element in rows"),
    BenchmarkRow(
      group: "runtime", name: "append to an IdentifiedArray and remove by identifier",
      nanoseconds: addRemove, baseline: "change an Array's element",
      note: "1,000 elements; the pair, per operation"),
    BenchmarkRow(
      group: "runtime", name: "push a screen on a StackState and pop it", nanoseconds: pushPop,
      baseline: "change an Array's element", note: "the pair, per operation"),
    BenchmarkRow(
      group: "runtime", name: "change a Shared value's element", nanoseconds: sharedChange,
      baseline: "change an Array's element", note: "saved.value[i] += 1, a 3-element array"),
    BenchmarkRow(group: "runtime", name: "make a .send effect", nanoseconds: send),
    BenchmarkRow(
      group: "runtime", name: "map a .send effect to a parent's action", nanoseconds: mapped,
      baseline: "make a .send effect", note: "the .send included"),
    BenchmarkRow(
      group: "runtime", name: "merge two .send effects", nanoseconds: merge,
      baseline: "make a .send effect", note: "the two .send effects included"),
  ]
}

/// The sum of the elements' counts, read in order with `for … in`.
@inline(never)
func sumOfCounts<Rows: Sequence<BenchRow>>(_ rows: Rows) -> Int {
  var sum = 0
  for row in rows { sum &+= row.count }
  return sum
}
