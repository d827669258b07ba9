import Foundation
import Testing

@testable import Tide

/// The change journal that lets element stores find the few elements that changed: it must answer
/// exactly, or "cannot tell", never a wrong list. A failure of the random test prints its seed;
/// rerun it with `TIDE_JOURNAL_SEED=N swift test --filter ChangeJournalTests`.
@Suite struct ChangeJournalTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_JOURNAL_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

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

  @Test func copiesThatPartAfterChangesInPlaceNeverShareARevision() {
    var first: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
    for n in 0..<3 { first[id: 1]?.title = "\(n)" }
    let parted = first.revision
    var second = first
    // The copy changes first, then the original, and the other way round.
    second[id: 2]?.title = "second"
    first[id: 1]?.title = "first"
    #expect(first.revision != second.revision)
    #expect(first.changedIDs(since: parted) == [1])
    #expect(second.changedIDs(since: parted) == [2])
    #expect(first.changedIDs(since: second.revision) == nil)
    #expect(second.changedIDs(since: first.revision) == nil)
    var third = second
    third[id: 1]?.title = "third"
    second[id: 1]?.title = "third"
    #expect(second.revision != third.revision)
    #expect(third.changedIDs(since: second.revision) == nil)
  }

  @Test func anUnsharedCollectionNumbersItsChangesInItsBlock() {
    var rows: IdentifiedArray<Row> = [Row(id: 1)]
    rows[id: 1]?.title = "first"
    let before = rows.revision
    do {
      // A copy made and dropped leaves the links unshared again.
      let copy = rows
      #expect(copy.revision == before)
    }
    rows[id: 1]?.title = "second"
    #expect(rows.revision == before + 1)
  }

  @Test func theChainHoldsAcrossTheEndOfABlock() {
    var journal = ChangeJournal<Int>()
    journal.record(0)
    let blockSize = UInt64(1) << ChangeJournal<Int>.blockBits
    while journal.revision % blockSize != blockSize - 1 { journal.record(1) }
    let last = journal.revision
    journal.record(2)
    #expect(journal.revision / blockSize != last / blockSize)
    #expect(journal.changes(since: last) == [2])
    journal.record(3)
    #expect(journal.changes(since: last) == [3, 2])
  }

  @Test func copiesOfACollectionNeverChangedPartToo() {
    let empty = IdentifiedArray<Row>()
    var first = empty
    var second = empty
    first.append(Row(id: 1))
    second.append(Row(id: 2))
    #expect(first.revision != second.revision)
    #expect(second.changedIDs(since: first.revision) == nil)
    #expect(first.changedIDs(since: empty.revision) == [1])
  }

  /// Copies made, changed, dropped and assigned back from older ones at random: whenever the
  /// journal of one value lists the changes since a revision another value had, every element in
  /// which the two differ is listed, and two values at the same revision are equal. What was
  /// seen is kept as elements and a revision, so that it holds no journal of its own.
  @Test func randomCopiesNeverGetAWrongList() {
    var random = SeededRandom(seed: Self.seed)
    var live: [IdentifiedArray<Row>] = [[Row(id: 0), Row(id: 1), Row(id: 2)]]
    var seen: [(revision: UInt64, rows: [Row])] = []
    var older: [IdentifiedArray<Row>] = []
    var listsChecked = 0
    for step in 0..<2_000 {
      let which = Int.random(in: live.indices, using: &random)
      let id = Int.random(in: 0..<6, using: &random)
      switch Int.random(in: 0..<14, using: &random) {
      case 0 where live.count < 6: live.append(live[which])
      case 1 where live.count > 1: live.remove(at: which)
      case 2: live[which].remove(id: id)
      case 3: live[which].append(Row(id: id))
      case 4: seen.append((live[which].revision, Array(live[which])))
      case 5: older.append(live[which])
      case 6 where !older.isEmpty: live[which] = older.randomElement(using: &random)!
      case 7: live[which].sort { $0.title < $1.title }
      case 8: live[which].removeAll { $0.id == id }
      default: live[which][id: id]?.title = "\(step)"
      }
      if seen.count > 12 { seen.removeFirst() }
      if older.count > 4 { older.removeFirst() }
      for value in live {
        for old in seen {
          guard let listed = value.changedIDs(since: old.revision) else { continue }
          listsChecked += 1
          let before = IdentifiedArray(old.rows)
          let differing = Set(value.ids + before.ids).filter { value[id: $0] != before[id: $0] }
          #expect(
            differing.isSubset(of: Set(listed)),
            "seed \(Self.seed), step \(step): \(differing.sorted()) differ, \(listed) listed")
          if value.revision == old.revision {
            #expect(Array(value) == old.rows, "seed \(Self.seed)")
          }
        }
      }
    }
    // The journal answered often enough for the check to mean something.
    #expect(listsChecked > 1_000, "seed \(Self.seed)")
  }
}
