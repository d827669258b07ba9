import Testing
import TideInspect

/// An object graph that refers back to itself.
final class GraphNode: @unchecked Sendable {
  var name: String
  var next: GraphNode?
  init(name: String, next: GraphNode? = nil) {
    self.name = name
    self.next = next
  }
}

/// A list as deep as it is long.
indirect enum Chain: Equatable {
  case end
  case link(Int, Chain)

  init(length: Int) {
    var chain = Chain.end
    for value in (0..<length).reversed() { chain = .link(value, chain) }
    self = chain
  }
}

@Suite("Printing is total")
struct InspectorTotalityTests {
  @Test("A cycle prints as a back-reference")
  func cycle() {
    let first = GraphNode(name: "a")
    first.next = GraphNode(name: "b", next: first)
    #expect(
      Inspector().line(first)
        == #"GraphNode(name: "a", next: GraphNode(name: "b", next: <back-reference to GraphNode>))"#
    )
    first.next = nil
  }

  @Test("An object reached twice without a cycle prints twice")
  func sharedObject() {
    let shared = GraphNode(name: "s")
    #expect(
      Inspector().line([shared, shared])
        == #"[GraphNode(name: "s", next: nil), GraphNode(name: "s", next: nil)]"#)
  }

  @Test("A self-reference prints in every style and in a diff")
  func selfReference() throws {
    let node = GraphNode(name: "me")
    node.next = node
    let inspector = Inspector()
    #expect(inspector.line(node) == #"GraphNode(name: "me", next: <back-reference to GraphNode>)"#)
    #expect(inspector.dump(node).contains("<back-reference to GraphNode>"))
    let other = GraphNode(name: "you")
    other.next = other
    let diff = try #require(inspector.diff(node, other))
    #expect(diff.contains(#"−   name: "me","#))
    #expect(diff.contains(#"+   name: "you","#))
    node.next = nil
    other.next = nil
  }

  @Test("Values deeper than the limit print as an ellipsis, in the line, dump and diff")
  func depth() throws {
    let deep = Chain(length: 10_000)
    let line = Inspector().line(deep)
    #expect(line.hasPrefix(".link(0, .link(1, .link(2, "))
    let endsInAnEllipsis = line.contains(".link(98, .link(…, …))")
    let goesNoDeeper = !line.contains(".link(99,")
    #expect(endsInAnEllipsis)
    #expect(goesNoDeeper)
    #expect(Inspector().dump(deep).contains("…"))
    var changed = deep
    if case .link(_, let rest) = changed { changed = .link(-1, rest) }
    let diff = try #require(Inspector().diff(deep, changed))
    #expect(diff.contains("−   0,"))
    #expect(diff.contains("+   -1,"))
  }

  @Test("An object graph with exponentially many paths prints within a budget")
  func exponentialGraph() {
    final class Fan {
      var children: [Fan] = []
    }
    // Forty levels, each object pointing twice at the one below: 2^40 paths, no cycle.
    var level = Fan()
    for _ in 0..<40 {
      let above = Fan()
      above.children = [level, level]
      level = above
    }
    let line = Inspector().line(level)
    let fan = "InspectorTotalityTests.Fan(children: ["
    #expect(line.hasPrefix(fan + fan + fan))
    #expect(line.hasSuffix("…]), …]), …])"))
  }

  @Test("An object whose custom mirror calls it a struct and lists itself is still a cycle")
  func selfListingMirror() {
    final class Pretender: CustomReflectable {
      var customMirror: Mirror {
        Mirror(self, children: ["a": self, "b": self], displayStyle: .struct)
      }
    }
    let line = Inspector().line(Pretender())
    #expect(line.contains("<back-reference to"))
  }
}
