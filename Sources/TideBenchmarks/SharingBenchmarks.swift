import Tide

/// A row of a list whose rows may hold a copy of the list's shared selection.
struct SharingRow: Equatable, Sendable, Identifiable, SharedState {
  var id: Int
  var count = 0
  var picked = Shared(key: "picked", default: [Int]())
  static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
}

/// The same row without a copy: the baseline.
struct PlainRow: Equatable, Sendable, Identifiable {
  var id: Int
  var count = 0
}

struct SharingList<Row: Equatable & Sendable & Identifiable>: Equatable, Sendable
where Row.ID == Int {
  var picked = Shared(key: "picked", default: [Int]())
  var rows: IdentifiedArray<Row>
}

extension SharingList: SharedState {
  static var sharedFields: [SharedField<Self>] { [.field(\.picked)] }
}

enum SharingRowAction: Sendable {
  case increment
  case pick
}

enum SharingListAction: Sendable {
  case row(Int, SharingRowAction)
}

/// What sharing costs an element action: a row action that leaves the shared value as it is
/// compares each copy's version (every row's, in a list whose rows all hold one), and one that
/// changes it gives the new value to every copy.
@MainActor
func sharingBenchmarks(sends: Int) -> [BenchmarkRow] {
  let path = CasePath<SharingListAction, (Int, SharingRowAction)>(
    embed: SharingListAction.row,
    extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })
  func list<Row: Equatable & Sendable & Identifiable & SendableMetatype>(
    _ rows: IdentifiedArray<Row>, row: Reducer<Row, SharingRowAction, Void>
  ) -> Store<SharingList<Row>, SharingListAction> where Row.ID == Int {
    Store(
      initialState: SharingList(rows: rows),
      reducer: Reducer<SharingList<Row>, SharingListAction, Void> { _, _, _ in .none }
        .forEach(\.rows, action: path, environment: { $0 }, child: row),
      environment: ())
  }
  let plainRow = Reducer<PlainRow, SharingRowAction, Void> { row, _, _ in
    row.count &+= 1
    return .none
  }
  let sharingRow = Reducer<SharingRow, SharingRowAction, Void> { row, action, _ in
    switch action {
    case .increment: row.count &+= 1
    case .pick: row.picked.value = [row.id]
    }
    return .none
  }
  var rows: [BenchmarkRow] = []
  for count in [10, 1_000] {
    let plain = list(IdentifiedArray((0..<count).map { PlainRow(id: $0) }), row: plainRow)
    let sharing = list(IdentifiedArray((0..<count).map { SharingRow(id: $0) }), row: sharingRow)
    let plainTime = measure(operations: sends) {
      for index in 0..<sends { plain.send(.row(index % count, .increment)) }
    }
    // A row action over rows that all hold a copy costs in proportion to the rows: fewer of
    // them, so that the run stays short.
    let sharingSends = max(100, sends / count)
    let quietTime = measure(operations: sharingSends) {
      for index in 0..<sharingSends { sharing.send(.row(index % count, .increment)) }
    }
    let changeSends = sharingSends
    let changeTime = measure(operations: changeSends) {
      for index in 0..<changeSends { sharing.send(.row(index % count, .pick)) }
    }
    rows += [
      BenchmarkRow(
        group: "runtime", name: "row action, \(count) plain rows", nanoseconds: plainTime,
        baseline: "Store.send, 0 observers"),
      BenchmarkRow(
        group: "runtime", name: "row action, \(count) rows sharing a value",
        nanoseconds: quietTime, baseline: "row action, \(count) plain rows",
        note: "the value left as it is: each row's copy is compared by version"),
      BenchmarkRow(
        group: "runtime", name: "row action changing a value \(count) rows share",
        nanoseconds: changeTime, baseline: "row action, \(count) plain rows",
        note: "the new value given to every copy"),
    ]
  }
  return rows + recursiveSharingRows(sends: sends)
}

/// A row of an outline whose rows are outlines, each holding a copy of one shared value.
struct OutlineNode: Equatable, Sendable, Identifiable, SharedState {
  var id: Int
  var picked = Shared(key: "picked", default: 0)
  var rows: IdentifiedArray<OutlineNode> = []
  static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
}

indirect enum OutlineAction: Sendable {
  case pick(Int)
  case row(Int, OutlineAction)
}

/// An action at the bottom of a recursive outline that changes the value every row shares: a
/// chain `depth` levels deep with ten more rows at each level. Each level syncs its rows' own
/// copies and the root the whole tree once, so the time grows with the rows, not with the rows
/// times the depth.
@MainActor
func recursiveSharingRows(sends: Int) -> [BenchmarkRow] {
  let path = CasePath<OutlineAction, (Int, OutlineAction)>(
    embed: OutlineAction.row,
    extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })
  let reducer = Reducer<OutlineNode, OutlineAction, Void>.recursive { outline in
    Reducer<OutlineNode, OutlineAction, Void> { node, action, _ in
      if case .pick(let value) = action { node.picked.value = value }
      return .none
    }
    .forEach(\.rows, action: path, environment: { $0 }, child: outline)
  }
  var rows: [BenchmarkRow] = []
  for depth in [50, 200] {
    var state = OutlineNode(id: 0)
    for _ in 0..<depth {
      state = OutlineNode(
        id: 0, rows: IdentifiedArray([state] + (1...10).map { OutlineNode(id: $0) }))
    }
    let store = Store(initialState: state, reducer: reducer, environment: ())
    let count = max(20, sends / 10_000)
    let actions = (0..<count).map { value in
      (0..<depth).reduce(OutlineAction.pick(value)) { action, _ in .row(0, action) }
    }
    let time = measure(operations: count) {
      for action in actions { store.send(action) }
    }
    rows.append(
      BenchmarkRow(
        group: "runtime",
        name: "shared change \(depth) levels down a recursive outline (\(11 * depth + 1) rows)",
        nanoseconds: time,
        baseline: depth == 50 ? nil : "shared change 50 levels down a recursive outline (551 rows)",
        note: depth == 50 ? "Reducer.recursive; every row holds a copy" : "4× the rows and depth"))
  }
  return rows
}
