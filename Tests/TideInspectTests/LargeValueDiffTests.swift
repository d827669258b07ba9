import Foundation
import Testing
import TideInspect

/// Diffs of values larger than the reflector looks at whole (100,000 values): what it leaves
/// out is said to be left out, never shown as unchanged, removed or added, and no statement is
/// suggested through it; unchanged parts cost nothing, whatever their size.
@Suite struct LargeValueDiffTests {
  /// Every line that shows a left-out value says it was not compared.
  func leftOutLinesSayNotCompared(_ diff: String) -> Bool {
    diff.split(separator: "\n").allSatisfy { line in
      !line.contains("…") || line.hasSuffix("(not compared)") || line.hasSuffix("not compared)")
    }
  }

  @Test func aSlidingWindowPastTheBudgetIsNotCalledUnchanged() throws {
    let old = Array(0..<100_000)
    let new = Array(1...100_000)
    let diff = try #require(Inspector().diff(old, new))
    #expect(!diff.contains("unchanged)"))
    #expect(diff.contains("not compared)"))
    #expect(leftOutLinesSayNotCompared(diff))
    #expect(Inspector().closure(from: old, to: new) == nil)
  }

  @Test func oneChangedKeyOfALargeDictionaryIsTheWholeDiff() throws {
    var old: [String: Int] = [:]
    for index in 0..<40_000 { old["key\(index)"] = index }
    var new = old
    new["key500"] = -1
    let diff = try #require(Inspector().diff(old, new))
    #expect(diff.contains("−   \"key500\": 500,"))
    #expect(diff.contains("+   \"key500\": -1,"))
    #expect(!diff.contains("not compared"))
    #expect(diff.split(separator: "\n").count < 20)
    #expect(Inspector().closure(from: old, to: new) == #"{ $0["key500"] = -1 }"#)
  }

  /// Past the budget, which keys were looked at depended on the hash order: a change showed in
  /// one run and not in the next. Changes are looked at first.
  @Test func aChangedKeyOfADictionaryPastTheBudgetIsAlwaysShown() throws {
    var old: [Int: Int] = [:]
    for index in 0..<150_000 { old[index] = 0 }
    var new = old
    for changed in [5, 70_000, 149_999] { new[changed] = 1 }
    let diff = try #require(Inspector().diff(old, new))
    for changed in [5, 70_000, 149_999] {
      #expect(diff.contains("−   \(changed): 0"), "\(diff)")
      #expect(diff.contains("+   \(changed): 1"), "\(diff)")
    }
    // Unchanged entries past the budget are left out, and said to be.
    #expect(diff.contains("not compared)"))
  }

  /// A capped log that dropped its first entry and gained one: past the alignment table's size
  /// every element was shown changed (2,002 lines) and the closure made the whole array again.
  @Test func aSlidingWindowIsTwoEdits() throws {
    let old = Array(0..<1_000)
    let new = Array(1...1_000)
    let diff = try #require(Inspector().diff(old, new))
    #expect(
      diff == """
              [
            −   [0]: 0,
                [0]: 1,
                [1]: 2,
                … (995 unchanged)
                [997]: 998,
                [998]: 999,
            +   [999]: 1000
              ]
        """)
    #expect(Inspector().assignments(from: old, to: new) == ["$0.remove(at: 0)", "$0.append(1000)"])
    var applied = old
    applied.remove(at: 0)
    applied.append(1000)
    #expect(applied == new)
    // Two entries dropped, one gained, in a longer log: still a few edits.
    let longer = Array(0..<5_000)
    let slid = Array(2..<5_000) + [-1]
    #expect(
      Inspector().assignments(from: longer, to: slid)
        == ["$0.remove(at: 0)", "$0.remove(at: 0)", "$0.append(-1)"])
    #expect(try #require(Inspector().diff(longer, slid)).split(separator: "\n").count < 20)
    // An empty log that gains entries is no window.
    #expect(
      Inspector().assignments(from: [Int](), to: [1, 2, 3, 4, 5]) == ["$0 = [1, 2, 3, 4, 5]"])
  }

  /// A letter appended to a string of a million made a diff of two million characters and a
  /// closure of one more.
  @Test func aLongStringShowsWhatChangedAroundItsDifference() throws {
    struct Note: Equatable { var text: String }
    let old = Note(text: String(repeating: "ab", count: 500_000))
    let new = Note(text: old.text + "c")
    let diff = try #require(Inspector().diff(old, new))
    #expect(
      diff == """
              LargeValueDiffTests.Note(
            −   text: "ababababa…(999961 characters the same)…ababababababababababababababab"
            +   text: "ababababa…(999961 characters the same)…abababababababababababababababc"
              )
        """)
    #expect(Inspector().assignments(from: old, to: new) == [#"$0.text += "c""#])
    var applied = old
    applied.text += "c"
    #expect(applied == new)
    // A change in the middle of a long string: what both hold on each side, counted.
    var middle = Array(old.text)
    middle[500_000] = "X"
    let changed = try #require(Inspector().diff(old.text, String(middle)))
    #expect(changed.count < 400, "\(changed)")
    #expect(changed.contains("…(499960 characters the same)…"), "\(changed)")
  }

  @Test func keysOneSideLeftOutAreNotCalledRemoved() throws {
    // Every key changed: past the budget, the keys the new side holds are not looked at.
    var old: [Int: Int] = [:]
    var new: [Int: Int] = [:]
    for index in 0..<80_000 {
      old[index] = index
      new[index + 80_000] = index
    }
    let diff = try #require(Inspector().diff(old, new))
    #expect(leftOutLinesSayNotCompared(diff))
    #expect(Inspector().closure(from: old, to: new) == nil)
  }

  @Test func unchangedFieldsBesideALargeChangePrintAsTheyAre() throws {
    struct Screen: Equatable {
      var items: [Int]
      var flag: Bool
      var name: String
      var count: Int
    }
    let old = Screen(items: Array(0..<200_000), flag: false, name: "hello", count: 3)
    var new = old
    new.flag = true
    let diff = try #require(Inspector().diff(old, new))
    #expect(diff.contains("−   flag: false,"))
    #expect(diff.contains("+   flag: true,"))
    #expect(diff.contains(#"    name: "hello","#))
    #expect(Inspector().closure(from: old, to: new) == "{ $0.flag = true }")
  }

  @Test func bytesPrintAsACallThatMakesThemAgainAndAreAssignedWhole() throws {
    struct Upload: Equatable {
      var blob: Data?
      var body: Data
    }
    let old = Upload(blob: Data([1, 2, 3]), body: Data([9, 9, 1, 2, 3]).dropFirst(2))
    var new = old
    new.blob = Data([1, 2, 4])
    new.body = Data([1, 2, 4])
    #expect(Inspector().line(Data([1, 2, 3])) == "Data([1, 2, 3])")
    #expect(
      Inspector().line(Data(repeating: 7, count: 20))
        == #"Data(base64Encoded: "BwcHBwcHBwcHBwcHBwcHBwcHBwc=")!"#)
    let diff = try #require(Inspector().diff(old, new))
    #expect(diff.contains("−   blob: Data([1, 2, 3]),"))
    #expect(diff.contains("+   blob: Data([1, 2, 4]),"))
    // Assigned whole: an optional is not subscripted, and a slice's positions start past 0.
    #expect(
      Inspector().closure(from: old, to: new)
        == """
        {
          $0.blob = Data([1, 2, 4])
          $0.body = Data([1, 2, 4])
        }
        """)
    var applied = old
    applied.blob = Data([1, 2, 4])
    applied.body = Data([1, 2, 4])
    #expect(applied == new)
  }

  /// Unchanged parts share the one budget when they are printed: many large unchanged fields
  /// beside a few changes make a bounded diff, and no closure that would print them past it.
  @Test func manyLargeUnchangedPartsBesideChangesStayWithinTheBudget() throws {
    struct Row: Equatable {
      var id: Int
      var data: [Int]
    }
    let old = (0..<200).map { Row(id: $0, data: Array(0..<1_000)) }
    var new = old
    for index in stride(from: 0, to: 200, by: 5) { new[index].id += 1_000 }
    let diff = try #require(Inspector().diff(old, new))
    #expect(diff.count < 200_000)
    #expect(Inspector().closure(from: old, to: new).map { $0.count < 10_000 } ?? true)
  }
}
