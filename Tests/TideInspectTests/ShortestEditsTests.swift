import Testing
import Tide

@testable import TideInspect

/// Myers's shortest edit script, which aligns long arrays in a diff: on seeded random edits of
/// random arrays, its steps rebuild the new array from the old one, and remove and add as few
/// elements as the longest common subsequence allows.
@Suite struct ShortestEditsTests {
  @Test func itsStepsRebuildTheNewArrayWithTheFewestEdits() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("ShortestEditsTests seed: \(seed)")
    var random = SeededRandom(seed: seed)
    for _ in 0..<200 {
      let old = (0..<Int(random.next() % 60)).map { _ in Int(random.next() % 5) }
      var new = old
      for _ in 0..<Int(random.next() % 8) {
        switch random.next() % 3 {
        case 0 where !new.isEmpty: new.remove(at: Int(random.next() % UInt64(new.count)))
        case 1: new.insert(Int(random.next() % 5), at: Int(random.next() % UInt64(new.count + 1)))
        default:
          if !new.isEmpty { new[Int(random.next() % UInt64(new.count))] = Int(random.next() % 5) }
        }
      }
      let nodes = { (values: [Int]) in values.map { Node.scalar("\($0)") } }
      guard let steps = Differ().shortestEdits(nodes(old), nodes(new)) else {
        Issue.record("no script for \(old) → \(new), seed \(seed)")
        continue
      }
      var rebuilt: [Int] = []
      var edits = 0
      // The steps walk both arrays in order, each index once.
      var (nextOld, nextNew) = (0, 0)
      for step in steps {
        switch step {
        case .same(let i, let j):
          #expect(i == nextOld && j == nextNew && old[i] == new[j], "seed \(seed)")
          rebuilt.append(new[j])
          (nextOld, nextNew) = (i + 1, j + 1)
        case .removed(let i):
          #expect(i == nextOld, "seed \(seed)")
          nextOld = i + 1
          edits += 1
        case .added(let j):
          #expect(j == nextNew, "seed \(seed)")
          rebuilt.append(new[j])
          nextNew = j + 1
          edits += 1
        }
      }
      #expect(nextOld == old.count && nextNew == new.count, "seed \(seed)")
      #expect(rebuilt == new, "seed \(seed)")
      #expect(edits == old.count + new.count - 2 * Self.lcs(old, new), "seed \(seed)")
    }
  }

  @Test func aScriptPastTheMostEditsIsNotSearchedFor() {
    let old = (0..<Differ.maximumEdits).map { Node.scalar("a\($0)") }
    let new = (0..<Differ.maximumEdits).map { Node.scalar("b\($0)") }
    // Every element removed and added: twice the most edits.
    #expect(Differ().shortestEdits(old, new) == nil)
    // Half of them: within the bound.
    let half = Array(old.prefix(Differ.maximumEdits / 2))
    #expect(Differ().shortestEdits(half, Array(new.prefix(Differ.maximumEdits / 2))) != nil)
  }

  static func lcs(_ a: [Int], _ b: [Int]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }
}
