import AddLocationFeature
import AppFeature
import LoginFeature
import Observation
import Testing
import Tide
import TideTestSupport

/// What the SwiftUI views of `Sources/AppSwiftUI` see, on Linux: CI cannot build SwiftUI, so
/// each view's reads, scopes and bindings are made here the way the view makes them, inside
/// `withObservationTracking`, the mechanism SwiftUI renders with.
@MainActor
@Suite struct AppViewStoreTests {
  let clock = ManualClock()

  func makeStore(_ state: App.State = App.State()) -> Store<App.State, App.Action> {
    Store(
      initialState: state, reducer: App.reducer, environment: .demo(clock: clock),
      drivenBy: clock)
  }

  /// A view body that reads through stores and renders again when told of a change.
  typealias Body = RenderCounter

  func loggedIn() async -> Store<App.State, App.Action> {
    let store = makeStore()
    let login = store.scope(state: \.login, action: \.login)!
    login.binding(\.username, send: Login.Action.usernameChanged).set("pritesh")
    login.binding(\.password, send: Login.Action.passwordChanged).set("Secret1")
    login.send(.loginButtonTapped)
    await clock.advanceUntilIdle()
    return store
  }

  @Test func theLoginFormRendersOnlyWhenWhatItShowsChanges() {
    let store = makeStore()
    let login = store.scope(state: \.login, action: \.login)!
    #expect(login === store.scope(state: \.login, action: \.login))
    let username = login.binding(\.username, send: Login.Action.usernameChanged)
    let password = login.binding(\.password, send: Login.Action.passwordChanged)
    let button = Body { _ = login[\.viewState.isLoginButtonEnabled] }
    let field = Body { _ = username.value }
    username.set("pr")
    password.set("Secret1")
    #expect(button.renders == 2)  // enabled now
    username.set("pri")
    username.set("prit")
    password.set("Secret12")
    #expect(button.renders == 2)  // still enabled: nothing to render
    #expect(field.renders == 4)  // the username field: each of its three changes
    #expect(username.value == "prit")
  }

  @Test func theRootViewSwitchesScreensOnceOnLogin() async {
    let store = makeStore()
    let root = Body {
      if store.scope(state: \.login, action: \.login) == nil { _ = store[\.home?.user.name] }
    }
    let login = store.scope(state: \.login, action: \.login)!
    login.send(.usernameChanged("pritesh"))
    login.send(.passwordChanged("Secret1"))
    #expect(root.renders == 1)
    login.send(.loginButtonTapped)
    await clock.advanceUntilIdle()
    #expect(store.scope(state: \.login, action: \.login) == nil)
    #expect(store[\.home?.user.name] == LoginDemoBackend.accounts[0].user.name)
    #expect(root.renders == 2)
  }

  @Test func rowsAreScopedByIdentifierAndRenderAlone() async {
    let store = await loggedIn()
    let paris = Location(name: "Paris", latitude: 48.85, longitude: 2.35)
    let rome = Location(name: "Rome", latitude: 41.9, longitude: 12.5)
    for place in [paris, rome, paris] {
      store.send(.searchTapped)
      store.send(.addLocation(.presented(.searchResponse(.success([place])))))
      store.send(.addLocation(.presented(.locationTapped(index: 0))))
      #expect(store[\.search] == nil)
    }
    // Places made by hand get identifiers of their own, below zero; never saved twice.
    #expect(store[\.savedLocations.value.ids] == [-1, -2])
    let list = Body { _ = store[\.savedLocations.value.ids] }
    let rows = store[\.savedLocations.value.ids].map {
      store.scope(state: \.savedLocations.value, id: $0, action: \.savedLocation)!
    }
    let rowBodies = rows.map { row in Body { _ = row.name } }
    rows[1].send(.removeTapped)
    #expect(store[\.savedLocations.value.ids] == [-1])
    #expect(list.renders == 2)
    #expect(rowBodies.map(\.renders) == [1, 1])
    // The removed row's store still answers, and reports what is sent to it.
    #expect(rows[1].name == "Rome")
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) { rows[1].send(.removeTapped) }
    #expect(issues.all.count == 1)
    #expect(store[\.savedLocations.value.ids] == [-1])
  }

  @Test func removingAnUnknownRowSaysSo() async {
    let store = await loggedIn()
    store.send(.savedLocation(id: 42, action: .removeTapped))
    #expect(store[\.home?.errorMessage] == "There is no saved location with identifier 42.")
  }

  @Test func theSearchSheetIsAPresentedScope() async {
    let loggedOut = makeStore()
    #expect(loggedOut.scope(state: \.search, action: \.addLocation) == nil)
    let store = await loggedIn()
    #expect(store.scope(state: \.search, action: \.addLocation) == nil)
    #expect(store.isPresenting(\.search, action: \.addLocation).value == false)
    store.send(.searchTapped)
    let search = store.scope(state: \.search, action: \.addLocation)!
    #expect(search === store.scope(state: \.search, action: \.addLocation))
    #expect(store.isPresenting(\.search, action: \.addLocation).value)
    search.send(.queryChanged("Brus"))
    await clock.advanceUntilIdle()
    #expect(search.locations.first?.name == "Brussels")
    // Picking a place dismisses the sheet: the scope goes, the held store keeps its last state.
    search.send(.locationTapped(index: 0))
    #expect(store.scope(state: \.search, action: \.addLocation) == nil)
    #expect(search.query == "Brus")
    #expect(store[\.savedLocations.value.ids] == [Location.brussels.id])
    // Presented again: a new store, for a new search.
    store.send(.searchTapped)
    let again = store.scope(state: \.search, action: \.addLocation)!
    #expect(again !== search)
    #expect(again.query == "")
    store.send(.logoutTapped)
    #expect(store.scope(state: \.search, action: \.addLocation) == nil)
  }

  @Test func swipingTheSearchSheetAwayEndsItsEffects() async {
    // As the app runs it: effects on the global executor, sleeping on the environment's clock.
    let store = Store(
      initialState: App.State(home: App.Home(user: LoginDemoBackend.accounts[0].user)),
      reducer: App.reducer, environment: .demo(clock: clock))
    store.send(.searchTapped)
    let search = store.scope(state: \.search, action: \.addLocation)!
    search.send(.queryChanged("Brus"))
    #expect(store.runningEffects.count == 1)
    // What `.sheet(store, state: \.search, action: \.addLocation)` does when the sheet is
    // swiped away: its binding is set to false, which sends `.addLocation(.dismiss)`.
    store.isPresenting(\.search, action: \.addLocation).set(false)
    #expect(store[\.search] == nil)
    #expect(store.runningEffects.isEmpty)
    await clock.advanceUntilIdle()
    #expect(search.locations.isEmpty)
  }
}
