import Testing
import TideInspect

@testable import Tide

@Suite struct IdentifiedArrayTests {
  struct Row: Equatable, Identifiable, Sendable {
    var id: Int
    var title = ""
  }

  @Test func aPositionCanBeChangedInPlaceKeepingItsIdentifier() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    rows[1].title = "two"
    rows[0] = Row(id: 1, title: "one")
    #expect(rows.elements == [Row(id: 1, title: "one"), Row(id: 2, title: "two")])
    #expect(rows.index(id: 2) == 1)
    #expect(rows[id: 1]?.title == "one")
  }

  @Test func aPositionCannotChangeItsIdentifier() async {
    await #expect(processExitsWith: .failure) {
      var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
      rows[0].id = 2
    }
  }

  @Test func findsUpdatesAndRemovesByIdentifier() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    #expect(rows[id: 2] == Row(id: 2))
    #expect(rows[id: 9] == nil)
    rows[id: 2]?.title = "two"
    #expect(rows[1] == Row(id: 2, title: "two"))
    rows[id: 4] = Row(id: 4)
    #expect(rows.ids == [1, 2, 3, 4])
    rows[id: 1] = nil
    #expect(rows.ids == [2, 3, 4])
    #expect(rows.index(id: 4) == 2)
    #expect(rows.remove(id: 3) == Row(id: 3))
    #expect(rows.remove(id: 3) == nil)
    #expect(rows.ids == [2, 4])
    #expect(rows.index(id: 4) == 1)
    rows.insert(Row(id: 0), at: 0)
    #expect(rows.ids == [0, 2, 4])
    #expect(rows.index(id: 2) == 1)
    rows.removeAll { $0.id > 1 }
    #expect(rows.ids == [0])
    #expect(rows.index(id: 0) == 0)
  }

  @Test func identifiersStayUnique() {
    var rows = IdentifiedArray([Row(id: 1, title: "a"), Row(id: 2), Row(id: 1, title: "b")])
    #expect(rows.ids == [1, 2])
    #expect(rows[id: 1]?.title == "b")
    rows.append(Row(id: 2, title: "again"))
    rows.insert(Row(id: 1, title: "c"), at: 1)
    #expect(rows == [Row(id: 1, title: "c"), Row(id: 2, title: "again")])
    // Setting an element under another element's identifier moves it to its own.
    rows[id: 1] = Row(id: 7)
    #expect(rows.ids == [2, 7])
    // Set under an identifier the array lacks, an element whose own is present replaces that
    // element where it is, and nothing is found under the identifier it was set for.
    rows[id: 99] = Row(id: 2, title: "replaced")
    #expect(rows == [Row(id: 2, title: "replaced"), Row(id: 7)])
    #expect(rows[id: 99] == nil)
  }

  @Test func anIdentifierChangedInPlaceIsReindexed() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    rows.modify(at: 0) { $0.id = 10 }
    #expect(rows.ids == [10, 2, 3])
    #expect(rows[id: 10] != nil)
    #expect(rows[id: 1] == nil)
    // Taking an identifier that another element has removes that other element.
    rows.modify(at: 0) { $0.id = 3 }
    #expect(rows.ids == [3, 2])
    #expect(rows.index(id: 2) == 1)
  }

  @Test func theGenerationChangesExactlyWithTheIdentifiers() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    let copy = rows
    let start = rows.generation
    rows[id: 1]?.title = "edited"
    rows.modify(at: 1) { $0.title = "edited" }
    rows.append(Row(id: 1, title: "replaced"))
    #expect(rows.generation == start)
    #expect(copy.generation == start)
    rows.append(Row(id: 3))
    #expect(rows.generation != start)
    let rebuilt = IdentifiedArray(copy)
    #expect(rebuilt.generation != copy.generation)
  }

  @Test("A predicate that throws part way leaves the array as it was")
  func removeAllThatThrows() {
    struct Stop: Error {}
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    var calls = 0
    #expect(throws: Stop.self) {
      try rows.removeAll { row in
        calls += 1
        if calls == 3 { throw Stop() }
        return row.id == 1
      }
    }
    #expect(rows.ids == [1, 2, 3, 4])
    for (position, row) in rows.enumerated() {
      #expect(rows.index(id: row.id) == position)
      #expect(rows[id: row.id] == row)
    }
  }

  @Test func printsAsAnArray() {
    let rows: IdentifiedArray<Row> = [Row(id: 1, title: "a")]
    #expect(Inspector().line(rows) == #"[IdentifiedArrayTests.Row(id: 1, title: "a")]"#)
    #expect(Inspector().line(IdentifiedArray<Row>()) == "[]")
  }
}
