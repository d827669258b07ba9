import Foundation
import Testing
import TideInspect
import TideTestSupport

@testable import Tide

/// The editing API of `IdentifiedArray` a list needs: deleting and moving rows, sorting,
/// filtering and Codable, with the effects of removed rows cancelled.
@MainActor
@Suite struct IdentifiedArrayEditingTests {
  struct Row: Identifiable, Equatable, Codable, Sendable {
    var id: Int
    var title = ""
  }

  @Test func removingAtAnIndexSetAsOnDeleteGivesIt() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    rows.remove(atOffsets: IndexSet([0, 2, 2]))
    #expect(rows.ids == [2, 4])
    #expect(rows.index(id: 4) == 1)
    #expect(rows.index(id: 1) == nil)
  }

  @Test func movingAsOnMoveGivesIt() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    rows.move(fromOffsets: IndexSet([0, 1]), toOffset: 3)
    #expect(rows.ids == [3, 1, 2, 4])
    rows.move(fromOffsets: IndexSet([3]), toOffset: 0)
    #expect(rows.ids == [4, 3, 1, 2])
    #expect(rows.ids.allSatisfy { rows[rows.index(id: $0)!].id == $0 })
  }

  /// A test store's suggestion for a reordered list puts the elements the state holds in their
  /// new order: a position of an identified array never takes another element's identifier
  /// (`$0.rows[0].id = 2` would not compile with `let id`, and would stop the program).
  @Test func aSuggestionForAReorderedListReordersIt() {
    struct List: Equatable {
      var rows: IdentifiedArray<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3)]
    }
    let before = List()
    var after = before
    after.rows.move(fromOffsets: [0], toOffset: 2)
    #expect(
      Inspector().closure(from: before, to: after)
        == "{ $0.rows = [$0.rows[1], $0.rows[0], $0.rows[2]] }")
    var pasted = before
    pasted.rows = [pasted.rows[1], pasted.rows[0], pasted.rows[2]]
    #expect(pasted == after)
    // Elements whose fields are partly equal (each pair shares its unchanged fields).
    let same = List(rows: [Row(id: 1), Row(id: 2)])
    var swapped = same
    swapped.rows.move(fromOffsets: [1], toOffset: 0)
    #expect(
      Inspector().closure(from: same, to: swapped) == "{ $0.rows = [$0.rows[1], $0.rows[0]] }")
    // Reordered and changed: made again, whole.
    after.rows[id: 1]?.title = "A"
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          $0.rows = [
            IdentifiedArrayEditingTests.Row(id: 2, title: "b"),
            IdentifiedArrayEditingTests.Row(id: 1, title: "A"),
            IdentifiedArrayEditingTests.Row(id: 3, title: "")
          ]
        }
        """)
  }

  /// The offsets SwiftUI hands over print as the call that makes them.
  @Test func anIndexSetPrintsAsTheCallThatMakesIt() {
    #expect(Inspector().line(IndexSet([0, 2])) == "IndexSet([0, 2])")
    #expect(Inspector().line(IndexSet(integersIn: 0..<100)) == "IndexSet(integersIn: 0..<100)")
    let split = IndexSet(integersIn: 0..<20).union(IndexSet(integersIn: 30..<40))
    #expect(Inspector().line(split) == "IndexSet([0..<20, 30..<40].joined())")
    #expect(IndexSet([0..<20, 30..<40].joined()) == split)
    #expect(Inspector().line(IndexSet()) == "IndexSet([])")
  }

  @Test func offsetsOutsideTheCollectionChangeNothingAndAreReported() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      rows.remove(atOffsets: [0, 7])
      rows.move(fromOffsets: [0], toOffset: 9)
      rows.move(fromOffsets: [-1], toOffset: 0)
    }
    #expect(rows.ids == [1, 2, 3])
    #expect(
      issues.all == [
        "IdentifiedArray.remove(atOffsets:) was given position 7, outside 0..<3; nothing was removed.",
        "IdentifiedArray.move(fromOffsets:toOffset:) was given destination 9, outside 0...3; nothing was moved.",
        "IdentifiedArray.move(fromOffsets:toOffset:) was given position -1, outside 0..<3; nothing was moved.",
      ])
  }

  @Test func sortingIsStable() {
    var rows: IdentifiedArray<Row> = [
      Row(id: 1, title: "b"), Row(id: 2, title: "a"), Row(id: 3, title: "b"),
      Row(id: 4, title: "a"),
    ]
    rows.sort { $0.title < $1.title }
    #expect(rows.ids == [2, 4, 1, 3])
    #expect(rows.index(id: 1) == 2)
  }

  @Test func filteringKeepsTheType() {
    let rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    let odd: IdentifiedArray<Row> = rows.filter { $0.id % 2 == 1 }
    #expect(odd.ids == [1, 3])
    #expect(odd[id: 3] == Row(id: 3))
  }

  @Test func codableRoundTripsAndNamesADuplicate() throws {
    let rows: IdentifiedArray<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    let decoded = try JSONDecoder().decode(
      IdentifiedArray<Row>.self, from: JSONEncoder().encode(rows))
    #expect(decoded == rows)
    #expect(decoded.index(id: 2) == 1)
    #expect {
      try JSONDecoder().decode(
        IdentifiedArray<Row>.self,
        from: Data(
          #"[{"id": 1, "title": ""}, {"id": 2, "title": ""}, {"id": 1, "title": ""}]"#.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "Elements 0 and 2 have the same identifier, 1."
    }
  }

  @Test func rowsDeletedThroughOffsetsHaveTheirEffectsCancelled() async {
    enum RowAction: Sendable, Equatable { case start, tick }
    enum Action: Sendable, Equatable {
      case row(Int, RowAction)
      case delete([Int])
      case move([Int], Int)
    }
    let clock = ManualClock()
    let row = Reducer<Row, RowAction, Void> { state, action, _ in
      switch action {
      case .start:
        return .run(name: "row \(state.id)") { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.title += "."
        return .none
      }
    }
    let list = Reducer<IdentifiedArray<Row>, Action, Void> { rows, action, _ in
      switch action {
      case .delete(let offsets): rows.remove(atOffsets: offsets)
      case .move(let offsets, let destination):
        rows.move(fromOffsets: offsets, toOffset: destination)
      case .row: break
      }
      return .none
    }
    .forEach(\.self, action: CasePath(Action.row), environment: { $0 }, child: row)
    let store = Store(
      initialState: [Row(id: 1), Row(id: 2), Row(id: 3)], reducer: list, environment: (),
      drivenBy: clock)
    for id in 1...3 { store.send(.row(id, .start)) }
    store.send(.move([2], 0))
    #expect(store.runningEffects.count == 3)
    store.send(.delete([0, 2]))
    #expect(store.runningEffects.map(\.description) == [".run(\"row 1\")"])
    await clock.advance(by: .seconds(2))
    #expect(store.state.map(\.title) == [".."])
  }
}
