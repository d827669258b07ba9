import Foundation
import Synchronization
import Testing
import Tide
import TideTestSupport
import TideTesting

/// A copy of one element of a shared collection (`element(id:)`) and the collection's copies
/// agree at the end of every step: a screen about one meeting renames it in the list, and a
/// change to the list reaches the screen.
@MainActor
@Suite struct SharedElementTests {
  typealias Meeting = Meetings.Meeting

  static func store() -> Store<Meetings.State, Meetings.Action> {
    Store(initialState: Meetings.State(), reducer: Meetings.reducer, environment: ())
  }

  /// Every title each copy holds for meeting `id`: the list's, then each screen's.
  static func titles(_ state: Meetings.State, _ id: Int) -> [String] {
    [state.meetings.value[id: id]?.title ?? "none"]
      + state.path.filter { $0.meeting.id == id }.map(\.meeting.title)
      + (state.editor.map { $0.meeting.id == id ? [$0.meeting.title] : [] } ?? [])
  }

  @Test func aChangeToAnElementReachesTheListAndTheOtherCopiesInTheSameStep() {
    let store = Self.store()
    store.send(.open(1))
    store.send(.open(2))
    store.send(.edit(1))
    store.send(.path(.element(id: 0, action: .rename("Daily"))))
    #expect(Self.titles(store.state, 1) == ["Daily", "Daily", "Daily"])
    #expect(Self.titles(store.state, 2) == ["Retro", "Retro"])
    // The root, which runs after the detail, saw the new title.
    #expect(store.state.seen == "Daily")
    store.send(.editor(.rename("Weekly")))
    #expect(Self.titles(store.state, 1) == ["Weekly", "Weekly", "Weekly"])
    store.send(.path(.element(id: 1, action: .rename("Review"))))
    #expect(Self.titles(store.state, 2) == ["Review", "Review"])
    #expect(store.state.meetings.value.map(\.title) == ["Weekly", "Review"])
  }

  @Test func aChangeToTheListReachesEveryElementsCopy() {
    let store = Self.store()
    store.send(.open(1))
    store.send(.open(2))
    store.send(.prefixAll("Team "))
    #expect(store.state.path.map(\.meeting.title) == ["Team Standup", "Team Retro"])
    #expect(store.state.meetings.value.map(\.title) == ["Team Standup", "Team Retro"])
  }

  /// A screen that renames its meeting and is closed in the same step leaves the new title in
  /// the list.
  @Test func aScreenClosedInTheStepOfItsChangeLeavesTheChange() {
    let store = Self.store()
    store.send(.open(1))
    store.send(.edit(2))
    store.send(.path(.element(id: 0, action: .renameAndClose("Daily"))))
    store.send(.editor(.renameAndClose("Review")))
    #expect(store.state.path.isEmpty)
    #expect(store.state.editor == nil)
    #expect(store.state.meetings.value.map(\.title) == ["Daily", "Review"])
  }

  /// An initial state may hold screens made from the list it brings: the store starts with them
  /// in step, and their changes reach the list.
  @Test func anInitialStateWithScreensMadeFromItsListIsInStep() {
    var initial = Meetings.State()
    initial.path.append(Meetings.Detail.State(meeting: initial.meetings.element(id: 2)!))
    initial.editor = Meetings.Detail.State(meeting: initial.meetings.element(id: 2)!)
    let store = Store(initialState: initial, reducer: Meetings.reducer, environment: ())
    store.send(.editor(.rename("Review")))
    #expect(Self.titles(store.state, 2) == ["Review", "Review", "Review"])
  }

  @Test func anElementsCopyIsMadeOnlyForAnElementTheListHolds() {
    let meetings = Shared(key: "meetings", value: IdentifiedArray([Meeting(id: 1, title: "A")]))
    #expect(meetings.element(id: 1)?.value == Meeting(id: 1, title: "A"))
    #expect(meetings.element(id: 7) == nil)
  }

  /// Removed from the list, an element keeps its last value in its copies; a change made to a
  /// copy then has no collection to go to, and is reported rather than lost silently.
  @Test func aChangeToAnElementTheListNoLongerHoldsIsReported() {
    let store = Self.store()
    store.send(.open(1))
    store.send(.remove(1))
    #expect(store.state.path.first?.meeting.title == "Standup")
    #expect(store.state.meetings.value.map(\.id) == [2])
    let reports = Mutex(0)
    withKnownIssue {
      store.send(.path(.element(id: 0, action: .rename("Daily"))))
    } matching: { issue in
      reports.withLock { $0 += 1 }
      return issue.comments.first?.rawValue == Self.changedAfterRemoval
    }
    #expect(reports.withLock { $0 } == 1)
    #expect(store.state.path.first?.meeting.title == "Daily")
    #expect(store.state.meetings.value.map(\.id) == [2])
    // Reported once: the copy now ranks with the list, and later steps leave it alone.
    store.send(.prefixAll("Team "))
    #expect(store.state.path.first?.meeting.title == "Daily")
  }

  nonisolated static let changedAfterRemoval = """
    A copy of element 1 of the shared value "meetings" changed, but the collection holds no \
    element 1.

    The element was removed from the collection, or never added to it, so the collection's \
    copies cannot take the change: it stays in the element's copy alone. Change an element only \
    while its collection holds it; a screen tested alone with a copy of the collection too needs \
    the element in that copy.
    """

  /// A parent that renames a pushed screen's meeting and pops the screen in the same step: the
  /// copy that had the change is gone, and the change is reported as lost, naming the element.
  @Test func aChangeToAPoppedScreensElementIsReported() {
    let renameAndPop = Reducer<Meetings.State, Meetings.Action, Void> { state, action, _ in
      if case .edit(0) = action {
        state.path[id: 0]?.meeting.title = "Lost"
        state.path.pop(from: 0)
      }
      return .none
    }
    let store = Store(
      initialState: Meetings.State(), reducer: .combine(renameAndPop, Meetings.reducer),
      environment: ())
    store.send(.open(1))
    withKnownIssue {
      store.send(.edit(0))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        A change to the shared value element 1 of "meetings" was lost.

        No copy the state holds at the end of the step has the change: the copy changed was \
        removed in the same step (a parent changed its child's copy and removed the child), or \
        was a copy the reducer took from the state, changed, and did not keep. Change a copy \
        that stays: the parent's own, or the child's in the child's own reducer (a removed \
        screen's own change is kept).
        """
    }
    #expect(store.state.path.isEmpty)
    #expect(store.state.meetings.value.map(\.title) == ["Standup", "Retro"])
  }

  /// A copy whose element is given another identifier is reported, and takes its own element
  /// back: it never changes the other element.
  @Test func aCopyGivenAnotherElementIsReportedAndTakesItsOwnBack() {
    let replace = Reducer<Meetings.State, Meetings.Action, Void> { state, action, _ in
      if case .prefixAll("swap") = action {
        state.path[id: 0]?.meeting.value = Meeting(id: 2, title: "Hijacked")
      }
      return .none
    }
    let store = Store(
      initialState: Meetings.State(), reducer: .combine(Meetings.reducer, replace),
      environment: ())
    store.send(.open(1))
    withKnownIssue {
      store.send(.prefixAll("swap"))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        A copy of element 1 of the shared value "meetings" now holds element 2.

        An element's identifier must not change: the copy takes element 1 back when a copy of \
        it or of the collection holds it, and otherwise becomes a copy of element 2. To show \
        another element, make a copy of it with element(id:).
        """
    }
    #expect(store.state.meetings.value.map(\.title) == ["swapStandup", "swapRetro"])
    #expect(store.state.path.first?.meeting.value == Meeting(id: 1, title: "swapStandup"))
    // Reported once: the copy is in step again.
    store.send(.path(.element(id: 0, action: .rename("Daily"))))
    #expect(store.state.meetings.value.map(\.title) == ["Daily", "swapRetro"])
  }

  /// A list replaced whole outranks every copy counted before, a copy kept from an earlier
  /// state too: pushed later, that copy takes the new list's element.
  @Test func aListReplacedWholeOutranksACopyKeptFromBefore() {
    let replace = Reducer<Meetings.State, Meetings.Action, Void> { state, action, _ in
      if case .prefixAll("replace") = action {
        state.meetings = Shared(
          key: Meetings.key, value: IdentifiedArray([Meeting(id: 1, title: "Fresh")]))
      }
      return .none
    }
    let store = Store(
      initialState: Meetings.State(), reducer: .combine(replace, Meetings.reducer),
      environment: ())
    store.send(.open(1))
    for title in ["t1", "t2", "t3", "t4", "t5"] {
      store.send(.path(.element(id: 0, action: .rename(title))))
    }
    let kept = store.state.meetings.element(id: 1)!
    store.send(.prefixAll("replace"))
    store.send(.path(.push(id: 1, state: Meetings.Detail.State(meeting: kept))))
    // The feature's own reducer prefixed the new list's titles in the same step.
    #expect(Self.titles(store.state, 1) == ["replaceFresh", "replaceFresh", "replaceFresh"])
  }

  /// A copy of a whole value whose type is the collection's element type: the report says how
  /// a copy of an element is made.
  @Test func aWholeCopyOfAnElementTypeIsReportedWithAHint() {
    var state = Meetings.State()
    state.path.append(
      Meetings.Detail.State(meeting: Shared(key: "meetings", value: Meeting(id: 1, title: "A"))))
    withKnownIssue {
      _ = Store(initialState: state, reducer: Meetings.reducer, environment: ())
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Two features share the value "meetings" with different types: \
        Tide.IdentifiedArray<TideTestSupport.Meetings.Meeting> and \
        TideTestSupport.Meetings.Meeting.

        Copies of one key hold one type; give the other value a key of its own. A copy of one \
        element of the collection is made with element(id:), or with Shared(key:element:).
        """
    }
  }

  /// A test store reports copies of one key with different types once where it is made and
  /// once a step: its expected state and the store's own state find the problem in the same
  /// words, whichever copy each finds first.
  @Test func aTestStoreReportsATypeMismatchOnceAStep() async {
    var state = Meetings.State()
    state.path.append(
      Meetings.Detail.State(meeting: Shared(key: "meetings", value: Meeting(id: 1, title: "A"))))
    let reports = Lock<[String]>([])
    await withKnownIssue {
      let store = TestStore(initialState: state, reducer: Meetings.reducer, environment: ())
      await store.send(.prefixAll(""))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      guard text.hasPrefix("Two features share the value \"meetings\" with different types:")
      else { return false }
      reports.withLock { $0.append(text) }
      return true
    }
    #expect(reports.withLock { $0.count } == 2)
    #expect(Set(reports.withLock { $0 }).count == 1)
  }

  /// A screen pushed with a copy made by `Shared(key:element:)` (as a test, a recording or the
  /// REPL spells it) takes the element the list holds.
  @Test func aCopyMadeWithAnElementTakesTheListsElement() {
    let store = Self.store()
    let stale = Meetings.Detail.State(
      meeting: Shared(key: Meetings.key, element: Meeting(id: 2, title: "Old")))
    store.send(.path(.push(id: 0, state: stale)))
    #expect(store.state.path.first?.meeting.title == "Retro")
    store.send(.path(.element(id: 0, action: .rename("Planning"))))
    #expect(store.state.meetings.value[id: 2]?.title == "Planning")
  }

  /// The list and one element's copy changed apart in one step, by hand, are reported.
  @Test func theListAndAnElementChangedApartInOneStepAreReported() {
    let byHand = Reducer<Meetings.State, Meetings.Action, Void> { state, action, _ in
      if case .prefixAll = action {
        state.meetings.value[id: 1]?.title = "x"
        state.editor?.meeting.title = "y"
      }
      return .none
    }
    let reducer = Reducer.combine(Meetings.reducer, byHand)
    let store = Store(initialState: Meetings.State(), reducer: reducer, environment: ())
    store.send(.edit(1))
    withKnownIssue {
      store.send(.prefixAll(""))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        The shared value "meetings" and a copy of its element 1 were changed apart in one step.

        Both changed as often, to different values of element 1, so neither is the newer: \
        the collection's was kept. Change the value in one place (a \
        feature changes its own copy, and Tide gives it to the others); a reducer that changes \
        both a collection and a copy of one of its elements keeps only the copy changed more \
        often.
        """
    }
    #expect(Self.titles(store.state, 1) == ["x", "x"])
  }

  struct Other: Identifiable, Equatable, Sendable { let id: Int }
  struct Mismatched: Equatable, SharedState {
    var meetings = Shared(key: "meetings", value: IdentifiedArray([Meeting(id: 1, title: "A")]))
    var other = Shared(key: "meetings", element: Other(id: 1))
    static let sharedFields: [SharedField<Self>] = [.field(\.meetings), .field(\.other)]
  }

  /// An element's copy of a key whose copies hold another type is reported.
  @Test func anElementOfACollectionOfAnotherTypeIsReported() {
    withKnownIssue {
      let nothing = Reducer<Mismatched, Bool, Void> { _, _, _ in .none }
      _ = Store(initialState: Mismatched(), reducer: nothing, environment: ())
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Two features share the value "meetings" with different types: \
        Tide.IdentifiedArray<TideTestSupport.Meetings.Meeting> and an element of \
        Tide.IdentifiedArray<TideTests.SharedElementTests.Other>.

        Copies of one key hold one type; give the other value a key of its own.
        """
    }
  }

  /// A problem every level of a step finds (each operator's sync, then the store's) is reported
  /// once a step.
  @Test func aProblemIsReportedOnceAStep() {
    struct Holder: Equatable, SharedState {
      var meetings = Shared(key: "meetings", value: IdentifiedArray([Meeting(id: 1, title: "A")]))
      var child: Mismatched? = Mismatched()
      static let sharedFields: [SharedField<Self>] = [.field(\.meetings)]
    }
    enum Action: Equatable, Sendable { case child(Bool) }
    let nothing = Reducer<Mismatched, Bool, Void> { _, _, _ in .none }
    let reducer = Reducer<Holder, Action, Void> { _, _, _ in .none }
      .ifLet(\.child, action: CasePath(Action.child), environment: { $0 }, child: nothing)
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      let store = Store(initialState: Holder(), reducer: reducer, environment: ())
      let made = issues.all.count
      store.send(.child(true))
      #expect(made == 1)
      #expect(issues.all.count == made + 1, "\(issues.all)")
    }
    #expect(issues.all.allSatisfy { $0.hasPrefix("Two features share the value \"meetings\"") })
  }

  /// An element's copy is a value: equal to another copy of the same element, never to a copy
  /// of a whole value; printed and written with `element`, and read back as an element's copy.
  @Test func anElementsCopyIsWrittenAndReadBackAsOne() throws {
    let meetings = Shared(key: "meetings", value: IdentifiedArray([Meeting(id: 1, title: "A")]))
    let copy = try #require(meetings.element(id: 1))
    #expect(copy == Shared(key: "meetings", element: Meeting(id: 1, title: "A")))
    #expect(copy != Shared(key: "meetings", value: Meeting(id: 1, title: "A")))
    #expect(
      String(describing: Mirror(reflecting: copy).children.map(\.label))
        == #"[Optional("key"), Optional("element")]"#)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(copy)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"element":{"id":1,"title":"A"},"key":"meetings"}"#)
    let read = try JSONDecoder().decode(Shared<Meeting>.self, from: data)
    #expect(read == copy)
    // Read back, it joins the list as an element's copy does.
    let store = Self.store()
    store.send(.path(.push(id: 0, state: Meetings.Detail.State(meeting: read))))
    store.send(.path(.element(id: 0, action: .rename("B"))))
    #expect(store.state.meetings.value[id: 1]?.title == "B")
    // A copy holds a value or an element, never both.
    #expect(throws: DecodingError.self) {
      _ = try JSONDecoder().decode(
        Shared<Meeting>.self,
        from: Data(
          #"{"key":"meetings","element":{"id":1,"title":"A"},"value":{"id":1,"title":"B"}}"#.utf8))
    }
    // Only an identifiable value can be an element.
    #expect(throws: DecodingError.self) {
      _ = try JSONDecoder().decode(
        Shared<String>.self, from: Data(#"{"key":"k","element":"A"}"#.utf8))
    }
  }
}
