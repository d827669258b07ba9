import Testing
import TideInspect

@testable import Tide

/// One action sets any writable field of a form; the reducer reacts to a given field.
@MainActor
@Suite struct BindingActionTests {
  struct Form: Equatable {
    var name = ""
    var age = 0
    var nameIsValid = false
    var changes: [String] = []
  }
  enum Action: Sendable, Equatable {
    case binding(BindingAction<Form>)
    case submit
  }
  static let reducer = Reducer<Form, Action, Void> { state, action, _ in
    switch action {
    case .binding(\.name):
      state.nameIsValid = state.name.count >= 2
      state.changes.append("name")
    case .binding(\.age):
      state.changes.append("age")
    case .binding, .submit:
      break
    }
    return .none
  }
  .binding(action: CasePath(Action.binding))

  @Test func aBindingSetsTheFieldBeforeTheReducerReacts() {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    store.send(.binding(.set(\.name, "Ada")))
    store.send(.binding(.set(\.age, 36)))
    #expect(store.state.name == "Ada")
    #expect(store.state.age == 36)
    #expect(store.state.nameIsValid)
    #expect(store.state.changes == ["name", "age"])
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    let name = BindingAction<Form>.set(\.name, "Ada")
    #expect(name == .set(\.name, "Ada"))
    #expect(name != .set(\.name, "Bob"))
    #expect(BindingAction<Form>.set(\.age, 1) != .set(\.changes, ["1"]))
  }

  @Test func aBindingActionPrintsAsTheCallThatMakesIt() {
    let action = Action.binding(.set(\.name, "Ada"))
    #expect(Inspector().line(action) == #".binding(.set(\.name, "Ada"))"#)
    #expect(BindingAction<Form>.set(\.age, 3).description == #".set(\.age, 3)"#)
    // What it prints compiles, and makes the same action.
    #expect(action == .binding(.set(\.name, "Ada")))
  }

  @Test func aStoreBindingSetsThroughTheBindingAction() {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let name = store.binding(\.name, action: CasePath(Action.binding))
    name.set("Al")
    #expect(name.value == "Al")
    #expect(store.state.nameIsValid)
  }
}
