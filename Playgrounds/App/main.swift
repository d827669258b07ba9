// The composed app driven through one Store: log in, search, save a location, open its screen,
// rename it through the sheet, log out.
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

  print("3. A location picked in the search is saved, once, and the search is dismissed;")
  print("   the second time, the search marks it already saved.")
  for time in 1...2 {
    store.send(.searchTapped)
    await send(.addLocation(.presented(.queryChanged("zurich"))), thenAdvance: AddLocation.debounce)
    let row = AddLocation.ViewState(store.state.search!).rows[0]
    precondition(row.isSaved == (time == 2))
    print("   [search] \(row.title)\(row.isSaved ? ", already saved" : "")")
    store.send(.addLocation(.presented(.locationTapped(index: 0))))
    precondition(store.state.search == nil)
  }
  precondition(store.state.savedLocations.value.map(\.name) == ["Zürich"])

  print("4. Opening the saved place pushes its screen, which looks up its namesakes.")
  let zurich = store.state.savedLocations.value[0].id
  store.send(.savedLocation(id: zurich, action: .openTapped))
  await clock.advance(by: .zero)
  let screen = store.state.path.ids[0]
  let place = store.state.path[id: screen]!
  precondition(!place.isLoadingNamesakes && place.namesakes != nil)
  print(
    "   [place] \(place.location.name), \(store.state.path.count) screen pushed; "
      + "\(place.namesakes!.count) other places so named")

  print("5. The rename sheet renames it in the list it shares, and dismisses itself.")
  store.send(.path(.element(id: screen, action: .renameTapped)))
  let rename = PlaceDetail.Action.destination(.presented(.rename(.binding(.set(\.name, "Züri")))))
  store.send(.path(.element(id: screen, action: rename)))
  store.send(.path(.element(id: screen, action: .destination(.presented(.rename(.saveTapped))))))
  precondition(store.state.path[id: screen]?.destination == nil)
  precondition(store.state.savedLocations.value.map(\.name) == ["Züri"])

  print("6. Logging out returns to login, pops the screen and cancels the search in flight.")
  store.send(.searchTapped)
  store.send(.addLocation(.presented(.queryChanged("Paris"))))
  precondition(store.runningEffects.count == 1)
  store.send(.logoutTapped)
  precondition(store.state.login != nil && store.runningEffects.isEmpty)
  precondition(store.state.path.isEmpty)
  // The saved places belong to the device, not to the login.
  precondition(store.state.savedLocations.value.map(\.name) == ["Züri"])
  print("Done: the app tour checked itself.")
}

await tour()
