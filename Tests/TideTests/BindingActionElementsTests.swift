import Observation
import Testing
import TideInspect
import TideTestSupport
import TideTesting

@testable import Tide

/// A form binds a field of each element of a list through its one binding action: the binding
/// never traps once its element is removed, and an action for a removed element changes nothing
/// and says so.
@MainActor
@Suite struct BindingActionElementsTests {
  struct Attendee: Identifiable, Equatable, Sendable {
    let id: Int
    var name = ""
    var isHost = false
  }
  struct Form: Equatable, Sendable {
    var attendees: IdentifiedArray<Attendee> = [Attendee(id: 1), Attendee(id: 2)]
    var edits = 0
  }
  enum Action: Sendable, Equatable {
    case binding(BindingAction<Form>)
    case deleteTapped(Int)
  }
  nonisolated static let reducer = Reducer<Form, Action, Void> { state, action, _ in
    switch action {
    case .binding(\.attendees):
      state.edits += 1
    case .binding:
      break
    case .deleteTapped(let id):
      state.attendees[id: id] = nil
    }
    return .none
  }
  .binding(action: CasePath(Action.binding))

  @Test func anActionSetsTheElementsFieldAndMatchesTheCollection() {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    store.send(.binding(.set(\.attendees, id: 2, \.name, "Blob")))
    #expect(store.state.attendees[id: 2]?.name == "Blob")
    #expect(store.state.attendees[id: 1]?.name == "")
    // `case .binding(\.attendees):` matched it.
    #expect(store.state.edits == 1)
  }

  @Test func actionsCompareByElementFieldAndValue() {
    let action = BindingAction<Form>.set(\.attendees, id: 2, \.name, "Blob")
    #expect(action == .set(\.attendees, id: 2, \.name, "Blob"))
    #expect(action != .set(\.attendees, id: 1, \.name, "Blob"))
    #expect(action != .set(\.attendees, id: 2, \.name, "Bob"))
    #expect(BindingAction<Form>.set(\.attendees, id: 2, \.isHost, true) != .set(\.edits, 2))
    #expect(action != .set(\.attendees, [Attendee(id: 2, name: "Blob")]))
  }

  @Test func anActionPrintsAsTheCallThatMakesIt() {
    let action = Action.binding(.set(\.attendees, id: 2, \.name, "Blob"))
    #expect(Inspector().line(action) == #".binding(.set(\.attendees, id: 2, \.name, "Blob"))"#)
    // What it prints compiles, and makes the same action.
    #expect(action == .binding(.set(\.attendees, id: 2, \.name, "Blob")))
  }

  @Test func anActionForARemovedElementChangesNothingAndIsReported() {
    var form = Form()
    form.attendees[id: 2] = nil
    let before = form
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      BindingAction<Form>.set(\.attendees, id: 2, \.name, "Blob").apply(to: &form)
    }
    #expect(form == before)
    #expect(
      issues.all == [
        #"""
        A binding action set a field of an element that is not in the collection.

          Action: .set(\.attendees, id: 2, \.name, "Blob")

        No element has this identifier, so no field was set. A binding from Store.binding(_:id:_:action:) sends nothing once its element is gone: this action was sent before the element was removed and reduced after (a keystroke queued behind a delete), or was made with an identifier the collection never had.
        """#
      ])
  }

  @Test func aTestStoreFailsOnAnActionForARemovedElement() async {
    let store = TestStore(initialState: Form(), reducer: Self.reducer, environment: ())
    await store.send(.deleteTapped(2)) { $0.attendees[id: 2] = nil }
    await withKnownIssue {
      await store.send(.binding(.set(\.attendees, id: 2, \.name, "Blob"))) { $0.edits = 1 }
    } matching: { issue in
      issue.description.contains(
        "A binding action set a field of an element that is not in the collection.")
    }
  }

  @Test func aBindingSetsAndReadsTheElementsField() throws {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let name = try #require(
      store.binding(\.attendees, id: 2, \.name, action: CasePath(Action.binding)))
    #expect(name.value == "")
    name.set("Blob")
    #expect(name.value == "Blob")
    #expect(store.state.attendees[id: 2]?.name == "Blob")
    #expect(store.binding(\.attendees, id: 3, \.name, action: CasePath(Action.binding)) == nil)
  }

  @Test func aBindingOutlivesItsElementWithoutTrapping() throws {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let name = try #require(
      store.binding(\.attendees, id: 2, \.name, action: CasePath(Action.binding)))
    // Set, never read: it still answers with what the set made of the field.
    name.set("Blob")
    store.send(.deleteTapped(2))
    #expect(name.value == "Blob")
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) { name.set("Ghost") }
    #expect(name.value == "Blob")
    #expect(store.state.attendees.ids == [1])
    #expect(store.state.edits == 1)
    #expect(
      issues.all == [
        #"""
        A binding to a field of an element that is not in the collection was set.

          Action: .set(\.attendees, id: 2, \.name, "Ghost")

        Nothing was sent. The element was removed (a view that still shows it holds a stale binding, which reads the field's last value until the view is gone), or the binding was made for an element the collection never had.
        """#
      ])
  }

  /// A row built from its element gets a binding that is never nil, even once the element is
  /// gone before the row reads it.
  @Test func aRowsBindingFromItsElementIsNeverNil() {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let element = store.state.attendees[id: 2]!
    store.send(.binding(.set(\.attendees, id: 2, \.name, "Blob")))
    let name = store.binding(
      \.attendees, element: element, \.name, action: CasePath(Action.binding))
    // It reads the store, not the element it was built from.
    #expect(name.value == "Blob")
    store.send(.deleteTapped(2))
    let stale = store.binding(
      \.attendees, element: element, \.name, action: CasePath(Action.binding))
    #expect(name.value == "Blob")
    #expect(stale.value == "")
    withKnownIssue {
      stale.set("Ghost")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "A binding to a field of an element that is not in the collection was set.") == true
    }
    #expect(store.state.attendees.ids == [1])
  }

  struct Member: Identifiable, Equatable, Sendable, Redacting {
    let id: Int
    var pin = ""
    static let redactedLabels: Set<String> = ["pin"]
  }
  struct Club: Equatable { var members: IdentifiedArray<Member> = [Member(id: 1)] }

  @Test func aFieldTheElementHidesIsPrintedHidden() {
    let action = BindingAction<Club>.set(\.members, id: 1, \.pin, "1234")
    #expect(action.description == #".set(\.members, id: 1, \.pin, "••••••")"#)
    #expect(Inspector(redacts: false).line(action) == #".set(\.members, id: 1, \.pin, "1234")"#)
  }

  @Test func aViewReadingTheBindingIsToldOnlyWhenItsFieldChanges() throws {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let name = try #require(
      store.binding(\.attendees, id: 2, \.name, action: CasePath(Action.binding)))
    let told = Lock(0)
    func observe() {
      withObservationTracking {
        _ = name.value
      } onChange: {
        told.withLock { $0 += 1 }
      }
    }
    observe()
    store.send(.binding(.set(\.attendees, id: 1, \.name, "Ada")))
    store.send(.binding(.set(\.attendees, id: 2, \.isHost, true)))
    #expect(told.withLock { $0 } == 0)
    store.send(.binding(.set(\.attendees, id: 2, \.name, "Blob")))
    #expect(told.withLock { $0 } == 1)
    observe()
    store.send(.deleteTapped(2))
    #expect(told.withLock { $0 } == 2)
    #expect(name.value == "Blob")
  }
}
