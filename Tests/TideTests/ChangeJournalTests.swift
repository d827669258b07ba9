import Testing

@testable import Tide

/// The change journal that lets element stores find the few elements that changed: it must answer
/// exactly, or "cannot tell", never a wrong list.
@Suite struct ChangeJournalTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var title = ""
  }

  @Test func itListsTheElementsChangedSinceARevision() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    let start = rows.revision
    rows[id: 2]?.title = "two"
    rows.modify(at: 0) { $0.title = "one" }
    rows.remove(id: 3)
    rows.append(Row(id: 4))
    #expect(rows.changedIDs(since: start) == [4, 3, 1, 2])
    #expect(rows.changedIDs(since: rows.revision) == [])
  }

  @Test func anOlderCopyOrAnotherCollectionCannotTell() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    let older = rows
    rows[id: 1]?.title = "changed"
    let seen = rows.revision
    // Back to the older copy: the change to 1 is undone, which no link records.
    var restored = older
    restored[id: 2]?.title = "changed too"
    #expect(restored.changedIDs(since: seen) == nil)
    let other: IdentifiedArray<Row> = [Row(id: 1)]
    #expect(other.changedIDs(since: seen) == nil)
  }

  @Test func moreChangesThanItKeepsCannotTell() {
    var rows: IdentifiedArray<Row> = [Row(id: 1)]
    let start = rows.revision
    for n in 0..<16 { rows[id: 1]?.title = "\(n)" }
    #expect(rows.changedIDs(since: start) == Array(repeating: 1, count: 16))
    rows[id: 1]?.title = "one more"
    #expect(rows.changedIDs(since: start) == nil)
  }

  @Test func aChangeOfUnknownElementsCannotTell() {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    let start = rows.revision
    rows.removeAll { $0.id == 1 }
    #expect(rows.changedIDs(since: start) == nil)
  }

  @Test func revisionsAreUniqueAcrossCopies() {
    var first: IdentifiedArray<Row> = [Row(id: 1)]
    var second = first
    first[id: 1]?.title = "a"
    second[id: 1]?.title = "b"
    #expect(first.revision != second.revision)
    #expect(second.changedIDs(since: first.revision) == nil)
  }
}
