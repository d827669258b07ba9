import Testing

@testable import Tide

@Suite struct CasePathTests {
  enum Inner: Sendable, Equatable {
    case value(Int)
    case label(text: String)
  }
  enum Outer: Sendable, Equatable {
    case inner(Inner)
    case pair(Int, String)
    case labelled(id: Int, name: String)
    case other(Int)
    case plain
  }

  @Test func reflectionExtractsTheMatchingCaseOnly() {
    let inner = CasePath(Outer.inner)
    #expect(inner.extract(.inner(.value(1))) == .value(1))
    #expect(inner.extract(.other(1)) == nil)
    #expect(inner.extract(.plain) == nil)
    #expect(inner.embed(.value(2)) == .inner(.value(2)))
  }

  @Test func reflectionHandlesSeveralAndLabelledValues() {
    let pair = CasePath(Outer.pair)
    #expect(pair.extract(.pair(1, "a")).map { [String($0.0), $0.1] } == ["1", "a"])
    let labelled = CasePath(Outer.labelled)
    #expect(labelled.extract(.labelled(id: 3, name: "x")).map { $0.0 } == 3)
    #expect(labelled.extract(.pair(3, "x")) == nil)
  }

  @Test func casesWithTheSamePayloadTypeAreTellApart() {
    let other = CasePath(Outer.other)
    #expect(other.extract(.other(4)) == 4)
    #expect(other.extract(.pair(4, "")) == nil)
    #expect(CasePath(Inner.value).extract(.label(text: "7")) == nil)
  }

  @Test func appendingComposes() {
    let path = CasePath(Outer.inner).appending(path: CasePath(Inner.label))
    #expect(path.extract(.inner(.label(text: "hi"))) == "hi")
    #expect(path.extract(.inner(.value(1))) == nil)
    #expect(path.embed("yo") == .inner(.label(text: "yo")))
  }

  @Test func explicitAndIdentityPaths() {
    let some = CasePath<Int?, Int>(embed: { $0 }, extract: { $0 })
    #expect(some.extract(5) == 5)
    #expect(some.extract(nil) == nil)
    #expect(CasePath<Outer, Outer>.`self`.extract(.plain) == .plain)
  }
}
