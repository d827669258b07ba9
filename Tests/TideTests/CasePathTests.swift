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

  @Test func aCaseWithoutValuesIsExtractedByItsName() {
    let plain = CasePath(Outer.plain)
    #expect(plain.extract(.plain) != nil)
    #expect(plain.extract(.other(0)) == nil)
    #expect(plain.extract(.inner(.value(0))) == nil)
    #expect(plain.embed(()) == .plain)
  }

  /// An enum that cannot be `Equatable`, with several cases without values, and one case whose
  /// payload has spare bits that a no-payload case's representation could reuse.
  enum Unequatable: Sendable {
    case first
    case second
    case failure(any Error)
    case flag(Bool)
  }

  @Test func casesWithoutValuesOfAnEnumThatIsNotEquatableAreToldApart() {
    struct Failed: Error {}
    let first = CasePath(Unequatable.first)
    let second = CasePath(Unequatable.second)
    #expect(first.extract(.first) != nil)
    #expect(first.extract(.second) == nil)
    #expect(second.extract(.second) != nil)
    #expect(second.extract(.first) == nil)
    #expect(first.extract(.failure(Failed())) == nil)
    #expect(first.extract(.flag(false)) == nil)
    #expect(second.extract(.flag(true)) == nil)
  }

  @Test func aCaseWithValuesIsReportedAndExtractsNothing() {
    var path: CasePath<Outer, Void>?
    withKnownIssue {
      path = CasePath(Outer.other(1))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        CasePath(_:) was given .other(1), a case with associated values; it extracts nothing.
        Make a case path to this case from its constructor: CasePath(CasePathTests.Outer.other).
        """
    }
    #expect(path?.extract(.other(1)) == nil)
    #expect(path?.extract(.plain) == nil)
  }

  @Test func aValueThatIsNotAnEnumIsReportedAndExtractsNothing() {
    var path: CasePath<Int, Void>?
    withKnownIssue {
      path = CasePath(5)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        CasePath(_:) was given 5, which is not an enum case; it extracts nothing. Give it a case \
        without associated values, such as Action.refreshTapped.
        """
    }
    #expect(path?.extract(5) == nil)
  }

  /// Two enums of one module whose cases share a name: the runtime keeps one string for both.
  enum Left: Sendable { case same, left }
  enum Right: Sendable { case same, right }

  @Test func aCaseIsToldFromTheSameNamedCaseOfAnotherEnum() {
    let left = CasePath<any Sendable, Void>(Left.same)
    #expect(left.extract(Left.same) != nil)
    #expect(left.extract(Right.same) == nil)
    #expect(left.extract(Left.left) == nil)
    #expect(left.extract(5) == nil)
  }

  @Test func aCaseUnderAnOptionalIsMatchedUnderIt() {
    let plain = CasePath<Outer?, Void>(Outer.plain)
    #expect(plain.extract(.plain) != nil)
    #expect(plain.extract(.other(1)) == nil)
    #expect(plain.extract(nil) == nil)
    let none = CasePath<Outer?, Void>(nil)
    #expect(none.extract(nil) != nil)
    #expect(none.extract(.plain) == nil)
  }

  @Test func aCaseWithValuesUnderAnOptionalIsReportedByItsOwnType() {
    withKnownIssue {
      _ = CasePath<Outer?, Void>(Outer.other(1))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        CasePath(_:) was given .other(1), a case with associated values; it extracts nothing.
        Make a case path to this case from its constructor: CasePath(CasePathTests.Outer.other).
        """
    }
  }
}

/// A payload changed through a case path is changed in place: its storage is not copied, so
/// an action on a large collection inside an enum's case costs what the change costs.
@MainActor
@Suite struct CasePathInPlaceTests {
  /// Storage that counts the copies made of it on the way to its current value.
  final class Storage: Sendable {
    let value: Int
    let copies: Int
    init(value: Int, copies: Int) {
      self.value = value
      self.copies = copies
    }
  }
  /// A value with copy-on-write storage, as an array has.
  struct Tracked: Equatable, Sendable {
    var storage = Storage(value: 0, copies: 0)
    var value: Int { storage.value }
    var copies: Int { storage.copies }
    mutating func increment() {
      if isKnownUniquelyReferenced(&storage) {
        storage = Storage(value: storage.value + 1, copies: storage.copies)
      } else {
        storage = Storage(value: storage.value + 1, copies: storage.copies + 1)
      }
    }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  }
  enum Screen: Equatable, Sendable {
    case list(Tracked)
    case empty
  }

  @Test(arguments: [
    CasePath(Screen.list),
    CasePath(embed: Screen.list, extract: { if case .list(let value) = $0 { value } else { nil } }),
  ])
  func aPayloadIsChangedWithoutACopy(path: CasePath<Screen, Tracked>) {
    var screen = Screen.list(Tracked())
    for _ in 0..<3 { path.modify(&screen) { $0.increment() } }
    guard case .list(let tracked) = screen else {
      Issue.record("The case changed")
      return
    }
    #expect(tracked.value == 3)
    #expect(tracked.copies == 0)
  }

  @Test func aCaseOfAnotherKindIsLeftAsItIs() {
    var screen = Screen.empty
    #expect(CasePath(Screen.list).modify(&screen) { $0.increment() } == nil)
    #expect(screen == .empty)
  }

  struct Failure: Error {}

  @Test func aBodyThatThrowsLeavesItsChangesInTheRoot() {
    var screen = Screen.list(Tracked())
    #expect(throws: Failure.self) {
      try CasePath(Screen.list).modify(&screen) {
        $0.increment()
        throw Failure()
      }
    }
    #expect(screen == .list(Tracked(storage: Storage(value: 1, copies: 0))))
  }

  @Test func anIfCaseLetChildChangesItsPayloadWithoutACopy() {
    let reducer = Reducer<Screen, Int, Void> { _, _, _ in .none }
      .ifCaseLet(
        CasePath(Screen.list), action: CasePath(embed: { $0 }, extract: { $0 }),
        environment: { $0 },
        child: Reducer<Tracked, Int, Void> { tracked, _, _ in
          tracked.increment()
          return .none
        })
    let store = Store(initialState: Screen.list(Tracked()), reducer: reducer, environment: ())
    for action in 0..<3 { store.send(action) }
    guard case .list(let tracked) = store.state else {
      Issue.record("The case changed")
      return
    }
    #expect(tracked.copies == 0)
  }
}

/// A store's state is the reducer's while it runs (an enum's payload is even moved out of it
/// while a child changes it in place): a read through the store then stops the program with
/// why, rather than reading a state half changed or moved out.
@Suite struct StateReadWhileReducingTests {
  @Test func aStoreReadFromItsOwnReducerStopsWithWhy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      final class Box: @unchecked Sendable {
        var store: Store<CasePathInPlaceTests.Screen, Int>?
      }
      let box = Box()
      let child = Reducer<CasePathInPlaceTests.Tracked, Int, Void> { tracked, _, _ in
        tracked.increment()
        MainActor.assumeIsolated { _ = box.store?.untrackedState }
        return .none
      }
      await MainActor.run {
        let store = Store(
          initialState: CasePathInPlaceTests.Screen.list(CasePathInPlaceTests.Tracked()),
          reducer: child.pullback(
            state: CasePath(CasePathInPlaceTests.Screen.list),
            action: CasePath(embed: { $0 }, extract: { $0 }), environment: { $0 }),
          environment: ())
        box.store = store
        store.send(1)
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("A store's state was read while its reducer ran."))
  }
}
