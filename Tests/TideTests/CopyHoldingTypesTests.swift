import Testing
import Tide
import TideInspect

/// A search for shared copies skips, by their type alone, values that cannot hold one; it
/// searches value by value whatever may. The answers are kept for the process, so each test
/// has types of its own.
@Suite struct CopyHoldingTypesTests {
  @Test func aStructOfPlainValuesCannotHoldACopy() {
    enum Status { case idle, busy }
    final class Owner {}
    struct Row {
      var id: Int
      var name: String
      var status: Status
      var tags: Set<String>
      var scores: [String: Double]
      var position: (x: Double, y: Double)
      var onTap: () -> Void
      var owner: Owner?
      var span: Range<Int>
    }
    #expect(CopyHoldingTypes.kind(of: Row.self) == .skipped)
    #expect(CopyHoldingTypes.kind(of: [Row].self) == .skipped)
    #expect(CopyHoldingTypes.kind(of: IdentifiedArray<IdentifiedRow>.self) == .skipped)
  }

  @Test func whatMayHoldACopyIsSearched() {
    struct WithCopy { var saved: Shared<[String]> }
    struct WithAny { var extra: Any }
    struct WithExistential { var extra: any Sendable }
    enum WithPayload {
      case none
      case text(String)
    }
    indirect enum Tree {
      case leaf
      case node(Tree, Tree)
    }
    struct Mirrored: CustomReflectable {
      var id = 0
      var customMirror: Mirror { Mirror(self, children: ["id": id]) }
    }
    enum SmallPayload {
      case none
      case count(UInt8)
    }
    #expect(CopyHoldingTypes.kind(of: Shared<[String]>.self) == .copy)
    for type in [
      WithCopy.self, [WithCopy].self, WithCopy?.self, [Int: WithCopy].self, WithAny.self,
      WithExistential.self, WithPayload.self, SmallPayload.self, Tree.self, Mirrored.self,
      (Int, Any).self,
    ] as [Any.Type] {
      #expect(CopyHoldingTypes.kind(of: type) == .searched, "\(type)")
    }
  }

  /// A payload's mirror may show what it does not store, whatever its size: an enum of two
  /// bytes whose payload's mirror shows a copy is searched, and the copy found.
  @Test func aSmallEnumIsSearchedWhenAPayloadsMirrorShowsACopy() {
    struct Tag: CustomReflectable {
      var raw: UInt8
      var customMirror: Mirror {
        Mirror(
          self, children: ["saved": Shared(key: "tag\(raw)", default: 0)], displayStyle: .struct)
      }
    }
    enum Tagged {
      case none
      case tag(Tag)
    }
    var found: [String] = []
    SharedCopyFinder.visit(Tagged.tag(Tag(raw: 1)), maximumValues: 100, tracksPaths: true) {
      found.append("\($0.path) \($0.copy.sharedKey)")
    }
    #expect(found == ["tag.saved tag1"])
  }

  /// A type that holds itself through an array is decided once its own answer is known: a copy
  /// anywhere in the cycle makes every type in it searched, whichever is asked first.
  @Test func typesThatHoldThemselvesAreDecidedWhole() {
    struct Node { var children: [Node] }
    #expect(CopyHoldingTypes.kind(of: Node.self) == .skipped)

    struct Folder {
      var files: [File]
      var saved: Shared<Int>
    }
    struct File { var parents: [Folder] }
    // `File` is first decided while `Folder`'s answer is pending, and must not keep that answer.
    #expect(CopyHoldingTypes.kind(of: Folder.self) == .searched)
    #expect(CopyHoldingTypes.kind(of: File.self) == .searched)
  }

  /// Rows whose type cannot hold a copy cost one value of the search's budget in all, not one
  /// each: a copy after 30,000 of them is found, which the budget of 1,000 values did not reach
  /// when every row was searched.
  @Test func aCopyAfterManyPlainRowsIsFound() {
    struct State {
      var rows = (0..<30_000).map { IdentifiedRow(id: $0) }
      var saved = Shared(key: "late", default: 0)
    }
    var found: [String] = []
    let searchedAll = SharedCopyFinder.visit(State(), maximumValues: 1_000, tracksPaths: true) {
      found.append("\($0.path) \($0.copy.sharedKey)")
    }
    #expect(found == ["saved late"])
    #expect(searchedAll)
  }
}

/// A row of a list, with only plain values.
struct IdentifiedRow: Identifiable, Equatable {
  var id: Int
  var title = ""
}
