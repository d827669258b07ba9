import Testing
import Tide
import TideTestSupport

@testable import TideTesting

/// Presentation, destinations, alerts and stacks in a TestStore: every way a screen goes away
/// cancels what it started, exhaustively asserted.
@MainActor
@Suite struct NavigationTests {
  let clock = ManualClock()

  func makeStore(_ state: Places.State = Places.State()) -> TestStore<
    Places.State, Places.Action, Places.Environment
  > {
    TestStore(
      initialState: state, reducer: Places.reducer,
      environment: Places.Environment(clock: clock))
  }

  // MARK: - Presentation

  @Test func aSheetThatSavesDismissesItselfAndTheParentSeesIt() async {
    let store = makeStore()
    await store.send(.renameTapped(0)) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home"))
    }
    await store.send(.destination(.presented(.rename(.nameChanged("House"))))) {
      $0.destination = .rename(Rename.State(id: 0, name: "House"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "House", isSaving: true))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.rename(.saved)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "House"))
      $0.names[0] = "House"
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func dismissingASheetMidRequestCancelsTheRequest() async {
    let store = makeStore()
    await store.send(.renameTapped(1)) {
      $0.destination = .rename(Rename.State(id: 1, name: "Work"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 1, name: "Work", isSaving: true))
    }
    #expect(store.runningEffects.count == 1)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
    // Nothing arrives: the test would fail on an unasserted action.
  }

  @Test func theParentSettingNilCancelsTheChildsEffects() async {
    let store = makeStore()
    await store.send(.renameTapped(0)) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home", isSaving: true))
    }
    // The parent replaces the sheet by an alert: another case of the destination.
    await store.send(.deleteTapped(0)) {
      $0.destination = .alert(Self.deleteAlert(0, "Home"))
    }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func replacingASheetWithAnotherIdentityCancelsTheFirstOnesEffects() async {
    let store = makeStore()
    await store.send(.renameTapped(0)) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home", isSaving: true))
    }
    // The same kind of sheet, for another place: a new presentation.
    await store.send(.renameTapped(1)) {
      $0.destination = .rename(Rename.State(id: 1, name: "Work"))
    }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  // MARK: - Alerts

  static func deleteAlert(_ index: Int, _ name: String) -> AlertState<Places.Destination.Alert> {
    AlertState(title: "Delete \(name)?") {
      ButtonState(role: .destructive, "Delete", action: .confirmDeletion(index))
      ButtonState(role: .cancel, "Cancel")
    }
  }

  @Test func anAlertsButtonActsAndDismissesTheAlertInTheSameStep() async {
    let store = makeStore()
    await store.send(.deleteTapped(0)) {
      $0.destination = .alert(Self.deleteAlert(0, "Home"))
    }
    let delete = Self.deleteAlert(0, "Home").buttons[0]
    await store.send(.destination(delete.tapAction.map { .alert($0) })) {
      $0.names = ["Work"]
      $0.destination = nil
    }
  }

  @Test func anAlertsCancelButtonDismisses() async {
    let store = makeStore()
    await store.send(.deleteTapped(1)) {
      $0.destination = .alert(Self.deleteAlert(1, "Work"))
    }
    let cancel = Self.deleteAlert(1, "Work").buttons[1]
    #expect(cancel.tapAction == .dismiss)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  // MARK: - Stacks

  @Test func aPushedScreenThatClosesItselfIsPoppedAndItsTimerCancelled() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 2 }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func poppingToTheRootMidEffectCancelsEveryScreensEffects() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.placeTapped(1)) { $0.path.append(Detail.State(name: "Work")) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.path(.element(id: 1, action: .appeared)))
    #expect(store.runningEffects.count == 2)
    await store.send(.popToRootTapped) { $0.path.removeAll() }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func poppingFromAScreenPopsTheScreensAboveAndOnlyCancelsTheirs() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.placeTapped(1)) { $0.path.append(Detail.State(name: "Work")) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.path(.element(id: 1, action: .appeared)))
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func aPushActionPushesWithItsIdentifier() async {
    let store = makeStore()
    await store.send(.path(.push(id: 4, state: Detail.State(name: "Park")))) {
      $0.path = StackState(ids: [4], elements: [Detail.State(name: "Park", seconds: 0)])
    }
    #expect(store.state.path.ids == [4])
    #expect(store.state.path.nextID == 5)
  }

  @Test func aScreenPushedAfterAPopGetsANewIdentifier() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    #expect(store.state.path.ids == [1])
  }
}
