import AddLocationFeature
import AppFeature
import LoginFeature
import Testing
import Tide
import TideTesting

extension Location {
  static let brussels = Location(
    id: 2_800_866, name: "Brussels", countryCode: "BE", countryName: "Belgium", latitude: 50.85045,
    longitude: 4.34878, population: 1_019_022, timezone: "Europe/Brussels")
}

extension User {
  static let pritesh = LoginDemoBackend.accounts[0].user
}

@MainActor
@Suite struct AppTests {
  let clock = ManualClock()

  func makeStore(_ state: App.State = App.State())
    -> TestStore<App.State, App.Action, App.Environment>
  {
    var environment = App.Environment.unimplemented
    environment.login = .demo(clock: clock)
    environment.addLocation = AddLocation.Environment(geocode: { _ in [.brussels] }, clock: clock)
    return TestStore(initialState: state, reducer: App.reducer, environment: environment)
  }

  func loggedIn(saved: [Location] = []) -> App.State {
    App.State(
      home: App.Home(user: .pritesh),
      savedLocations: Shared(key: AddLocation.savedLocationsKey, value: IdentifiedArray(saved)))
  }

  @Test func loggingInHandsOverToTheHomeScreen() async {
    let store = makeStore(App.State(login: Login.State(username: "pritesh", password: "Secret1")))
    await store.send(.login(.loginButtonTapped)) { $0.login?.isLoading = true }
    await clock.advance(by: LoginDemoBackend.defaultDelay)
    await store.receive(.login(.loginResponse(.success(.pritesh)))) {
      $0.login = nil
      $0.home = App.Home(user: .pritesh)
    }
    guard case .home(let home) = App.ViewState(store.state) else {
      Issue.record("expected the home screen")
      return
    }
    #expect(home.greeting == "Hello Pritesh")
    #expect(home.emptyMessage == "No saved locations yet: search for a city.")
  }

  @Test func aFailedLoginStaysOnTheLoginScreen() async {
    var environment = App.Environment.unimplemented
    environment.login = .demo(clock: clock, outcome: .invalidCredentials)
    let store = TestStore(
      initialState: App.State(login: Login.State(username: "pritesh", password: "Secret1")),
      reducer: App.reducer, environment: environment)
    await store.send(.login(.loginButtonTapped)) { $0.login?.isLoading = true }
    await clock.advance(by: LoginDemoBackend.defaultDelay)
    await store.receive(.login(.loginResponse(.failure(.invalidCredentials)))) {
      $0.login?.isLoading = false
      $0.login?.alert = Login.Alert(
        title: "Error", message: "The username or password is incorrect.")
    }
    #expect(store.state.home == nil)
  }

  @Test func aPickedLocationIsSavedOnceAndDismissesTheSearch() async {
    let store = makeStore(loggedIn())
    for time in 1...2 {
      await store.send(.searchTapped) { $0.search = AddLocation.State() }
      await store.send(.addLocation(.presented(.queryChanged("Brus")))) {
        $0.search?.query = "Brus"
        $0.search?.isSearching = true
      }
      await clock.advance(by: AddLocation.debounce)
      await store.receive(.addLocation(.presented(.searchResponse(.success([.brussels]))))) {
        $0.search?.isSearching = false
        $0.search?.locations = [.brussels]
      }
      // The search shares the app's saved places: the second time, Brussels is marked.
      let row = AddLocation.ViewState(store.state.search!).rows[0]
      #expect(row.isSaved == (time == 2))
      // Picked: saved by the search, in the list it shares, under this action (the second
      // time, already there: nothing changes).
      await store.send(.addLocation(.presented(.locationTapped(index: 0)))) {
        $0.search?.pickedLocation = .brussels
        if time == 1 { $0.savedLocations.value = [.brussels] }
      }
      // The app only closes the search.
      await store.receive(.addLocation(.presented(.delegate(.didAddLocation(.brussels))))) {
        $0.search = nil
      }
    }
    guard case .home(let home) = App.ViewState(store.state) else {
      Issue.record("expected the home screen")
      return
    }
    #expect(home.savedLocations == ["Brussels, Belgium"])
    #expect(home.search == nil)
  }

  @Test func aSavedChangeForgottenInATestNamesTheSharedValue() async {
    let store = makeStore(loggedIn())
    await store.send(.searchTapped) { $0.search = AddLocation.State() }
    await store.send(.addLocation(.presented(.searchResponse(.success([.brussels]))))) {
      $0.search?.locations = [.brussels]
    }
    await withKnownIssue {
      await store.send(.addLocation(.presented(.locationTapped(index: 0)))) {
        $0.search?.pickedLocation = .brussels
      }
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("A state change does not match expectation")
        && text.contains("key: \"savedLocations\"")
        && text.contains("Shared(key: \"savedLocations\"), changed as above")
    }
    await store.receive(.addLocation(.presented(.delegate(.didAddLocation(.brussels))))) {
      $0.search = nil
    }
  }

  @Test func savedPlacesStayWhenTheUserLogsOut() async {
    let store = makeStore(loggedIn(saved: [.brussels]))
    await store.send(.logoutTapped) {
      $0.home = nil
      $0.login = Login.State()
    }
    #expect(store.state.savedLocations.value == [.brussels])
    #expect(App.ViewState(store.state) == .login(Login.ViewState(Login.State())))
  }

  @Test func thePersistingAppSavesTheSavedPlacesOnceTheyRest() async {
    let saves = CallLog<IdentifiedArray<Location>>()
    var environment = App.Environment.unimplemented
    environment.addLocation = AddLocation.Environment(geocode: { _ in [.brussels] }, clock: clock)
    environment.saveLocations = { saves.append($0) }
    let store = TestStore(
      initialState: loggedIn(saved: [.brussels]), reducer: App.persistingReducer,
      environment: environment)
    // A change that leaves the places as they were saves nothing.
    await store.send(.searchTapped) { $0.search = AddLocation.State() }
    await store.send(.addLocation(.dismiss)) { $0.search = nil }
    await store.send(.removeSavedLocation(index: 0)) { $0.savedLocations.value = [] }
    #expect(store.runningEffects.count == 1)
    #expect(store.runningEffects.contains(named: "save \"savedLocations\""))
    await clock.advance(by: App.saveDebounce - .milliseconds(1))
    #expect(saves.calls.isEmpty)
    await clock.advance(by: .milliseconds(1))
    #expect(saves.calls == [[]])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func theSearchIsPresentedOnceAndDismissingItCancelsItsSearch() async {
    let store = makeStore(loggedIn())
    await store.send(.searchTapped) { $0.search = AddLocation.State() }
    await store.send(.addLocation(.presented(.queryChanged("Pa")))) {
      $0.search?.query = "Pa"
      $0.search?.isSearching = true
    }
    // Tapped again while shown: the search on screen stays as it is.
    await store.send(.searchTapped)
    #expect(store.runningEffects.count == 1)
    await store.send(.addLocation(.dismiss)) { $0.search = nil }
    #expect(store.runningEffects.isEmpty)
    await clock.advanceUntilIdle()
    // Presented again: a new, empty search.
    await store.send(.searchTapped) { $0.search = AddLocation.State() }
  }

  @Test func theSearchCannotBePresentedWhileLoggedOut() async {
    let store = makeStore()
    await store.send(.searchTapped)
    #expect(App.State(search: AddLocation.State()).search == nil)
  }

  @Test func savedLocationsCanBeRemoved() async {
    let store = makeStore(loggedIn(saved: [.brussels]))
    await store.send(.removeSavedLocation(index: 3)) {
      $0.home?.errorMessage = "There is no saved location at index 3; the list has 1."
    }
    await store.send(.removeSavedLocation(index: 0)) {
      $0.savedLocations.value = []
      $0.home?.errorMessage = nil
    }
  }

  @Test func loggingOutReturnsToLoginAndCancelsTheSearch() async {
    let store = makeStore(loggedIn(saved: [.brussels]))
    await store.send(.searchTapped) { $0.search = AddLocation.State() }
    await store.send(.addLocation(.presented(.queryChanged("Pa")))) {
      $0.search?.query = "Pa"
      $0.search?.isSearching = true
    }
    #expect(store.runningEffects.count == 1)
    await store.send(.logoutTapped) {
      $0.home = nil
      $0.login = Login.State()
      $0.search = nil
    }
    #expect(store.runningEffects.isEmpty)
    await clock.advanceUntilIdle()
    await store.send(.logoutTapped)
  }

  @Test func aChildActionAfterItsScreenIsGoneIsReported() async {
    let store = makeStore(loggedIn())
    await withKnownIssue {
      await store.send(.login(.alertDismissed))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "An action was sent to a child whose state is nil.\n\n  Action: .alertDismissed"
      )
        == true
    }
    let loggedOut = makeStore()
    await withKnownIssue {
      await loggedOut.send(.addLocation(.presented(.queryChanged("x"))))
    } matching: { issue in
      issue.comments.first?.rawValue.contains("Action: .queryChanged(\"x\")") == true
    }
  }

  @Test func removingWhileLoggedOutDoesNothing() async {
    let store = makeStore()
    await store.send(.removeSavedLocation(index: 0))
    await store.send(.logoutTapped)
    #expect(App.ViewState(store.state) == .login(Login.ViewState(Login.State())))
  }
}
