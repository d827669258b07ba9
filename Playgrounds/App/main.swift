// The composed app driven through one Store: log in, search, save a location, log out.
//
// Run it with `swift run AppPlayground`. Time runs on a ManualClock that the tour moves by hand,
// so it finishes at once and prints the same every time; it checks itself with `precondition`.

import AddLocationFeature
import AppFeature
import LoginFeature
import Tide

@MainActor
func tour() async {
  let clock = ManualClock()
  // The store runs its effects on the clock: each advance runs them up to their waits first.
  let store = Store(
    initialState: App.State(), reducer: App.reducer, environment: .demo(clock: clock),
    drivenBy: clock)

  /// Sends an action whose effect waits on the clock, then moves the clock past the wait.
  func send(_ action: App.Action, thenAdvance duration: Duration) async {
    store.send(action)
    await clock.advance(by: duration)
  }

  // Each front works on its own slice: the login screen gets a store of its own domain.
  let login = store.makeChildStore(state: { $0.login ?? Login.State() }, action: App.Action.login)
  store.observe(
    { App.ViewState($0) },
    onChange: { view in
      switch view {
      case .login(let login): print("   [login] \(login.infoMessage ?? "ready")")
      case .home(let home):
        let saved =
          home.savedLocations.isEmpty ? "nothing" : home.savedLocations.joined(separator: ", ")
        print("   [home] \(home.greeting); saved: \(saved)")
      }
    })

  print("1. Logged out, the app shows the login screen.")
  login.send(.usernameChanged("ada"))
  login.send(.passwordChanged("Lovelace1"))

  print("2. A successful login hands over to the home screen.")
  await send(.login(.loginButtonTapped), thenAdvance: LoginDemoBackend.defaultDelay)
  precondition(store.state.home?.user.name == "Ada Lovelace")

  print("3. A location picked in the search is saved, once.")
  await send(.addLocation(.queryChanged("zurich")), thenAdvance: AddLocation.debounce)
  store.send(.addLocation(.locationTapped(index: 0)))
  store.send(.addLocation(.locationTapped(index: 0)))
  precondition(store.state.home?.savedLocations.map(\.name) == ["Zürich"])

  print("4. Logging out returns to login and cancels the search in flight.")
  store.send(.addLocation(.queryChanged("Paris")))
  precondition(store.runningEffects.count == 1)
  store.send(.logoutTapped)
  precondition(store.state.login != nil && store.runningEffects.isEmpty)
  print("Done: the app tour checked itself.")
}

await tour()
