import Synchronization
import Testing
import Tide
import TideInspect
import TideTestSupport
import TideTesting

/// A change to an element of a shared collection, made through a screen's copy of the element,
/// is asserted once, on either copy; forgetting it shows it once.
@MainActor
@Suite struct SharedElementAssertionTests {
  typealias Meeting = Meetings.Meeting

  static func store() async -> TestStore<Meetings.State, Meetings.Action, Void> {
    let store = TestStore(
      initialState: Meetings.State(), reducer: Meetings.reducer, environment: ())
    await store.send(.open(1)) {
      $0.path.append(Meetings.Detail.State(meeting: $0.meetings.element(id: 1)!))
    }
    return store
  }

  @Test func aRenameIsAssertedOnTheScreensCopy() async {
    let store = await Self.store()
    await store.send(.path(.element(id: 0, action: .rename("Daily")))) {
      $0.path[id: 0]?.meeting.title = "Daily"
      $0.seen = "Daily"
    }
  }

  @Test func aRenameIsAssertedOnTheListsCopy() async {
    let store = await Self.store()
    await store.send(.path(.element(id: 0, action: .rename("Daily")))) {
      $0.meetings.value[id: 1]?.title = "Daily"
      $0.seen = "Daily"
    }
  }

  @Test func aForgottenRenameIsShownOnce() async {
    let store = await Self.store()
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .rename("Daily")))) { $0.seen = "Daily" }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == Self.forgottenRename
    }
    // The suggested closure passes.
    await store.send(.path(.element(id: 0, action: .rename("Weekly")))) {
      $0.meetings.value[0].title = "Weekly"
      $0.seen = "Weekly"
    }
  }

  /// The screen's copy, changed as the list's element, is not shown again.
  nonisolated static let forgottenRename = """
    A state change does not match expectation.

          Meetings.State(
            meetings: Shared<IdentifiedArray<Meetings.Meeting>>(
              key: "meetings",
              value: [
                [0]: Meetings.Meeting(
                  id: 1,
        −         title: "Standup"
        +         title: "Daily"
                ),
                [1]: Meetings.Meeting(id: 2, title: "Retro")
              ]
            ),
            path: [… 1 element],
            editor: nil,
            seen: "Daily"
          )

    (Expected: −, Actual: +)

    Expected closure: {
      $0.meetings.value[0].title = "Daily"
      $0.seen = "Daily"
    }
    """

  /// The screen tested alone holds its element's copy as its own state.
  @Test func theScreenIsTestedAlone() async {
    let store = TestStore(
      initialState: Meetings.Detail.State(
        meeting: Shared(key: Meetings.key, element: Meeting(id: 1, title: "Standup"))),
      reducer: Meetings.Detail.reducer, environment: ())
    await store.send(.rename("Daily")) { $0.meeting.title = "Daily" }
  }

  /// A state whose screen comes before the list it shares an element of.
  struct ScreenFirst: Equatable {
    var detail: Meetings.Detail.State?
    var meetings = Shared(
      key: Meetings.key, value: IdentifiedArray([Meeting(id: 1, title: "Standup")]))
  }

  /// Before the list in the state, the screen's copy, changed as the list's element, is not
  /// shown: the list shows the change.
  @Test func anElementsCopyBeforeItsCollectionPointsToIt() {
    var before = ScreenFirst()
    before.detail = Meetings.Detail.State(meeting: before.meetings.element(id: 1)!)
    var after = before
    after.detail?.meeting.title = "Daily"
    after.meetings.value[id: 1]?.title = "Daily"
    let diff = Inspector().diff(before, after) ?? ""
    #expect(
      diff == """
              SharedElementAssertionTests.ScreenFirst(
                detail: Meetings.Detail.State(…),
                meetings: Shared<IdentifiedArray<Meetings.Meeting>>(
                  key: "meetings",
                  value: [
                    [0]: Meetings.Meeting(
                      id: 1,
            −         title: "Standup"
            +         title: "Daily"
                    )
                  ]
                )
              )
        """, "\(diff)")
  }

  /// A screen pushed with its element's copy, the element unchanged, shows the copy as a
  /// reference rather than whole.
  @Test func aPushedCopyOfAnUnchangedElementIsShownAsAReference() {
    let before = ScreenFirst()
    var after = before
    after.detail = Meetings.Detail.State(meeting: before.meetings.element(id: 1)!)
    let diff = Inspector().diff(before, after) ?? ""
    #expect(diff.contains(#"+     meeting: Shared(key: "meetings", id: 1), unchanged"#), "\(diff)")
    #expect(!diff.contains(#""Standup""#), "\(diff)")
  }

  /// A suggested assertion spells a pushed screen's copies through the copy the state already
  /// has, not as the whole list again; and pasted, it makes the state the store made.
  @Test func aSuggestedPushSpellsItsCopiesThroughTheState() {
    let before = Meetings.State()
    var after = before
    after.path.append(Meetings.Detail.State(meeting: before.meetings.element(id: 2)!))
    after.editor = Meetings.Detail.State(meeting: before.meetings.element(id: 1)!)
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          $0.path[id: 0] = Meetings.Detail.State(meeting: $0.meetings.element(id: 2)!)
          $0.editor = Meetings.Detail.State(meeting: $0.meetings.element(id: 1)!)
        }
        """)
    var pasted = before
    pasted.path[id: 0] = Meetings.Detail.State(meeting: pasted.meetings.element(id: 2)!)
    pasted.editor = Meetings.Detail.State(meeting: pasted.meetings.element(id: 1)!)
    #expect(pasted == after)
  }

  /// A copy given another element is assigned, and a reference names only a copy that holds
  /// the same value before and after: the statements never read a path another one changes.
  @Test func aCopyGivenAnotherElementIsAssignedAndNotReferredTo() {
    struct Picker: Equatable {
      var meetings = Shared(
        key: Meetings.key,
        value: IdentifiedArray([Meeting(id: 1, title: "Standup"), Meeting(id: 2, title: "Retro")]))
      var selected: Shared<Meeting>
      var detail: Meetings.Detail.State?
    }
    let list = Picker(selected: Shared(key: Meetings.key, element: Meeting(id: 1, title: "")))
      .meetings
    let before = Picker(meetings: list, selected: list.element(id: 2)!)
    var after = before
    after.selected = list.element(id: 1)!
    after.detail = Meetings.Detail.State(meeting: list.element(id: 2)!)
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          $0.selected = $0.meetings.element(id: 1)!
          $0.detail = Meetings.Detail.State(meeting: $0.meetings.element(id: 2)!)
        }
        """)
    var pasted = before
    pasted.selected = pasted.meetings.element(id: 1)!
    pasted.detail = Meetings.Detail.State(meeting: pasted.meetings.element(id: 2)!)
    #expect(pasted == after)

    // The collection changed too: no copy holds the element as before, so it is made again,
    // whole, never changed field by field into another element.
    var renamed = before
    renamed.meetings.value[id: 1]?.title = "Daily"
    renamed.selected = renamed.meetings.element(id: 1)!
    #expect(
      Inspector().closure(from: before, to: renamed) == """
        {
          $0.meetings.value[0].title = "Daily"
          $0.selected = Shared<Meetings.Meeting>(key: "meetings", element: Meetings.Meeting(id: 1, title: "Daily"))
        }
        """)
    var pastedRename = before
    pastedRename.meetings.value[0].title = "Daily"
    pastedRename.selected = Shared<Meetings.Meeting>(
      key: "meetings", element: Meetings.Meeting(id: 1, title: "Daily"))
    #expect(pastedRename == renamed)
  }

  /// A string that holds a private-use character (an icon font's glyph) is written as it is.
  @Test func aStringWithAPrivateUseCharacterIsWrittenAsItIs() {
    struct Label: Equatable { var icon = "" }
    #expect(
      Inspector().closure(from: Label(), to: Label(icon: "\u{E000} home"))
        == "{ $0.icon = \"\u{E000} home\" }")
  }

  /// Inside a closure that rebinds `$0` (a change through a case path), a reference to the
  /// state's copy would name the payload: a change that needs one is made on the enum whole,
  /// and a change beside an unchanged copy still goes through the case path.
  @Test func aSuggestionInsideACasePathMakesTheCopyWhole() {
    struct Holder: Equatable {
      var sheet: Meetings.Detail.State?
      var notes = "A payload long enough that changing it in place is the shorter suggestion."
    }
    enum Screen: Equatable { case detail(Holder) }
    struct Root: Equatable {
      var meetings = Shared(
        key: Meetings.key, value: IdentifiedArray([Meeting(id: 1, title: "Standup")]))
      var screen = Screen.detail(Holder())
    }
    let before = Root()
    var after = before
    after.screen = .detail(
      Holder(sheet: Meetings.Detail.State(meeting: before.meetings.element(id: 1)!)))
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          $0.screen = .detail(
            SharedElementAssertionTests.Holder(
              sheet: Meetings.Detail.State(meeting: $0.meetings.element(id: 1)!),
              notes: "A payload long enough that changing it in place is the shorter suggestion."
            )
          )
        }
        """)
    var noted = after
    noted.screen = .detail(
      Holder(
        sheet: Meetings.Detail.State(meeting: before.meetings.element(id: 1)!), notes: "Short."))
    #expect(
      Inspector().closure(from: after, to: noted)
        == #"{ CasePath(SharedElementAssertionTests.Screen.detail).modify(&$0.screen) { $0.notes = "Short." } }"#
    )
  }

  /// A suggested assertion changes an element's copy through `value` (it prints as `element`),
  /// and, with the collection in the state, changes the collection alone, wherever the screen is.
  @Test func aSuggestedAssertionChangesTheValueOnceThroughValue() {
    var before = ScreenFirst()
    before.detail = Meetings.Detail.State(meeting: before.meetings.element(id: 1)!)
    var after = before
    after.detail?.meeting.title = "Daily"
    after.meetings.value[id: 1]?.title = "Daily"
    #expect(
      Inspector().closure(from: before, to: after)
        == #"{ $0.meetings.value[0].title = "Daily" }"#)
    let alone = Inspector().closure(from: before.detail!, to: after.detail!)
    #expect(alone == #"{ $0.meeting.value.title = "Daily" }"#)
    // Pasted, each compiles and makes the change.
    var expected = before
    expected.meetings.value[0].title = "Daily"
    var screen = before.detail!
    screen.meeting.value.title = "Daily"
    #expect(expected.meetings == after.meetings && screen == after.detail)
  }

  /// A change to an element its list lost is reported once, at the step: the expected state,
  /// which holds the same change, does not report it again.
  @Test func aChangeToALostElementIsReportedOnceAtTheStep() async {
    let store = await Self.store()
    await store.send(.remove(1)) { $0.meetings.value.remove(id: 1) }
    let reports = Mutex(0)
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .rename("Daily")))) {
        $0.path[id: 0]?.meeting.title = "Daily"
        $0.seen = "none"
      }
    } matching: { issue in
      reports.withLock { $0 += 1 }
      return issue.comments.first?.rawValue.hasPrefix(
        #"A copy of element 1 of the shared value "meetings" changed, but"#) == true
        && issue.sourceLocation?.line == #line - 8
    }
    #expect(reports.withLock { $0 } == 1)
  }

  /// An assertion that sets the list and the screen's copy apart fails at the step, though the
  /// copy kept (the list's) is what the step made.
  @Test func anAssertionThatSetsTwoCopiesApartIsReportedAtTheStep() async {
    let store = await Self.store()
    let line = #line + 2
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .rename("Daily")))) {
        $0.meetings.value[id: 1]?.title = "Daily"
        $0.path[id: 0]?.meeting.title = "Weekly"
        $0.seen = "Daily"
      }
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.first?.rawValue == """
          The expected state holds copies of a shared value that disagree.

            The shared value "meetings" and a copy of its element 1 were changed apart in one step.

            Both changed as often, to different values of element 1, so neither is the newer: \
          the collection's was kept. Change the value in one place (a feature changes its own \
          copy, and Tide gives it to the others); a reducer that changes both a collection and a \
          copy of one of its elements keeps only the copy changed more often.

          The assertion's closure made them differ: the store's own state holds them in step. \
          Assert a shared change on one copy; the store gives it to the others.
          """
    }
  }
}
