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

  @Test func bytesPrintAsTheyAreAndAChangedByteIsAssignedThroughItsPosition() throws {
    let old = Data([1, 2, 3])
    let new = Data([1, 2, 4])
    #expect(Inspector().line(old) == "[1, 2, 3]")
    #expect(Inspector().line(Data(count: 1_000)) == Inspector().line(Data(count: 1_000)))
    let diff = try #require(Inspector().diff(old, new))
    #expect(diff.contains("−   [2]: 3"))
    #expect(diff.contains("+   [2]: 4"))
    #expect(Inspector().closure(from: old, to: new) == "{ $0[2] = 4 }")
    // Written into source, the suggestion compiles: `Data` is subscripted by position.
    var data = old
    data[2] = 4
    #expect(data == new)
  }
}
