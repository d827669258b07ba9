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
@Suite struct ElementBindingTests {
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

        No element has this identifier: it was removed before the action was reduced, or never added. Nothing was changed. A binding made with Store.binding(_:id:_:action:) sends nothing once its element is gone; an action made by hand names the wrong element.
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

        The element was removed: nothing was sent. A view that still shows it holds a stale binding, which reads the field's last value until the view is gone.
        """#
      ])
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
