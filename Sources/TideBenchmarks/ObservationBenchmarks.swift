import Observation
import Tide

/// A list of rows, each read by a view of its own through an element store, as a SwiftUI list
/// does; and a title many views read.
struct ObservedList: Equatable {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title = ""
  }

  var rows: IdentifiedArray<Row>
  var title = "List"
  var sync = 0
}

enum ObservedListAction: Sendable, CasePathable {
  case row(Int, ObservedRowAction)
  case synced

  struct AllCasePaths {
    var row: CasePath<ObservedListAction, (Int, ObservedRowAction)> {
      CasePath(
        embed: ObservedListAction.row,
        extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

enum ObservedRowAction: Sendable {
  case renamed(Int)
}

/// A view's read, tracked by Observation and read again each time it is told of a change, as
/// SwiftUI renders a view again.
@MainActor
final class TrackedView {
  private let body: @MainActor () -> Void
  private(set) var renders = 0

  init(_ body: @escaping @MainActor () -> Void) {
    self.body = body
    render()
  }

  private func render() {
    renders += 1
    withObservationTracking(body) { [self] in
      MainActor.assumeIsolated { self.render() }
    }
  }
}

/// Observation's cost grows with what changed, not with how many views read: one row changes
/// under 1 and under 1,000 row views; a field nobody changes is read by 1 and by 1,000 views.
@MainActor
func observationBenchmarks(sends: Int) -> [BenchmarkRow] {
  let rowCount = 1_000
  let reducer = Reducer<ObservedList, ObservedListAction, Void> { state, action, _ in
    switch action {
    case .row(let id, .renamed(let n)): state.rows[id: id]?.title = "row \(n)"
    case .synced: state.sync &+= 1
    }
    return .none
  }
  func makeStore() -> Store<ObservedList, ObservedListAction> {
    Store(
      initialState: ObservedList(rows: IdentifiedArray((0..<rowCount).map { .init(id: $0) })),
      reducer: reducer, environment: ())
  }

  /// Renames row 500 `sends` times with `viewed` rows each read by a view.
  func rowChanges(viewed: Range<Int>) -> (nanoseconds: Double, renders: Int) {
    let store = makeStore()
    var views: [TrackedView] = []
    for id in viewed {
      let row = store.scope(state: \.rows, id: id, action: \.row)!
      views.append(TrackedView { _ = row.title })
    }
    var n = 0
    let time = measure(operations: sends) {
      for _ in 0..<sends {
        n &+= 1
        store.send(.row(500, .renamed(n)))
      }
    }
    return (time, views.reduce(0) { $0 + $1.renders })
  }

  /// Sends an action that changes `sync` `sends` times with `count` views of the title.
  func unchangedField(views count: Int) -> (nanoseconds: Double, renders: Int) {
    let store = makeStore()
    let views = (0..<count).map { _ in TrackedView { _ = store.title } }
    let time = measure(operations: sends) {
      for _ in 0..<sends { store.send(.synced) }
    }
    return (time, views.reduce(0) { $0 + $1.renders })
  }

  let oneRow = rowChanges(viewed: 500..<501)
  let allRows = rowChanges(viewed: 0..<rowCount)
  let oneTitle = unchangedField(views: 1)
  let manyTitles = unchangedField(views: 1_000)
  // Each view renders once at the start; only row 500's view renders again, once per send.
  let rounds = 6 * sends
  let rowRendersRight = oneRow.renders == 1 + rounds && allRows.renders == rowCount + rounds
  let titleRendersRight = oneTitle.renders == 1 && manyTitles.renders == 1_000

  return [
    BenchmarkRow(
      group: "runtime", name: "row action, 1 row view", nanoseconds: oneRow.nanoseconds,
      note: "an element store of a 1,000-row IdentifiedArray, read in withObservationTracking"),
    BenchmarkRow(
      group: "runtime", name: "row action, 1,000 row views", nanoseconds: allRows.nanoseconds,
      baseline: "row action, 1 row view",
      target: Target(text: "≤ 2× 1 row view") { _, ratio in rowRendersRight && (ratio ?? 3) <= 2 },
      note: rowRendersRight
        ? "one view per row; only the changed row's view renders again"
        : "WRONG: \(allRows.renders) renders, expected \(rowCount + rounds)"),
    BenchmarkRow(
      group: "runtime", name: "action elsewhere, 1 view of a field",
      nanoseconds: oneTitle.nanoseconds,
      note: "the action changes another field"),
    BenchmarkRow(
      group: "runtime", name: "action elsewhere, 1,000 views of a field",
      nanoseconds: manyTitles.nanoseconds, baseline: "action elsewhere, 1 view of a field",
      target: Target(text: "≤ 2× 1 view") { _, ratio in titleRendersRight && (ratio ?? 3) <= 2 },
      note: titleRendersRight
        ? "no view renders again" : "WRONG: \(manyTitles.renders) renders, expected 1,000"),
  ]
}
