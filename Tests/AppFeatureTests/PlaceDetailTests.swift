import AddLocationFeature
import AppFeature
import Foundation
import LoginFeature
import Testing
import Tide
import TideTesting

extension Location {
  static let parisFrance = Location(
    id: 2_988_507, name: "Paris", countryCode: "FR", countryName: "France", latitude: 48.85341,
    longitude: 2.3488, population: 2_138_551, timezone: "Europe/Paris")
  static let parisTexas = Location(
    id: 4_717_560, name: "Paris", countryCode: "US", countryName: "United States",
    latitude: 33.66094, longitude: -95.55551, population: 24_782, timezone: "America/Chicago")
  static let parisian = Location(
    id: 1, name: "Parisian", latitude: 0, longitude: 0)
}

/// A saved place's screen, alone: the namesakes lookup, the rename sheet and its alert, and the
/// delete confirmation, exhaustively.
@MainActor
@Suite struct PlaceDetailTests {
  let clock = ManualClock()

  func makeStore(_ state: PlaceDetail.State = PlaceDetail.State(location: .parisFrance))
    -> TestStore<PlaceDetail.State, PlaceDetail.Action, AddLocation.Environment>
  {
    let clock = self.clock
    return TestStore(
      initialState: state, reducer: PlaceDetail.reducer,
      environment: AddLocation.Environment(
        geocode: { _ in
          try await clock.sleep(for: .seconds(1))
          return [.parisFrance, .parisTexas, .parisian]
        },
        clock: clock))
  }

  @Test func itLooksUpThePlacesWithTheSameName() async {
    let store = makeStore()
    await store.send(.appeared) { $0.isLoadingNamesakes = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.namesakesLoaded([.parisTexas])) {
      $0.isLoadingNamesakes = false
      $0.namesakes = [.parisTexas]
    }
  }

  @Test func aFailedLookupSaysWhy() async {
    let store = TestStore(
      initialState: PlaceDetail.State(location: .parisFrance), reducer: PlaceDetail.reducer,
      environment: AddLocation.Environment(
        geocode: { _ in throw GeocoderError.unavailable("offline") }, clock: clock))
    await store.send(.appeared) { $0.isLoadingNamesakes = true }
    await store.receive(.namesakesFailed("The place search is unavailable: offline")) {
      $0.isLoadingNamesakes = false
      $0.lookupError = "The place search is unavailable: offline"
    }
  }

  @Test func renamingSavesTheTrimmedNameInTheSharedList() async {
    let store = makeStore()
    await store.send(.renameTapped) { $0.destination = .rename(RenamePlace.State(name: "Paris")) }
    await store.send(.destination(.presented(.rename(.binding(.set(\.name, "  City of Light "))))))
    {
      $0.destination = .rename(RenamePlace.State(name: "  City of Light "))
    }
    // Tested alone, the screen's saved places hold its place: renamed there too.
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.location.name = "City of Light"
      $0.savedLocations.value[id: Location.parisFrance.id]?.name = "City of Light"
      $0.destination = nil
    }
  }

  @Test func cancellingTheRenameDismissesTheSheet() async {
    let store = makeStore()
    await store.send(.renameTapped) { $0.destination = .rename(RenamePlace.State(name: "Paris")) }
    await store.send(.destination(.presented(.rename(.cancelTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  static let emptyNameAlert = AlertState<PlaceDetail.Destination.Alert>(
    title: "A place needs a name", message: "The name can’t be empty."
  ) {
    ButtonState("Rename again", action: .renameAgain)
    ButtonState(role: .cancel, "Keep “Paris”")
  }

  @Test func anEmptyNameShowsAnAlertWhoseButtonOpensTheSheetAgain() async {
    let store = makeStore()
    await store.send(.renameTapped) { $0.destination = .rename(RenamePlace.State(name: "Paris")) }
    await store.send(.destination(.presented(.rename(.binding(.set(\.name, "   ")))))) {
      $0.destination = .rename(RenamePlace.State(name: "   "))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .alert(Self.emptyNameAlert)
    }
    // The button presents the sheet anew in the step the alert goes away.
    await store.send(.destination(.presented(.alert(.renameAgain)))) {
      $0.destination = .rename(RenamePlace.State(name: "Paris"))
    }
  }

  @Test func theAlertsCancelButtonKeepsTheName() async {
    let store = makeStore(
      PlaceDetail.State(location: .parisFrance, destination: .alert(Self.emptyNameAlert)))
    await store.send(.destination(Self.emptyNameAlert.buttons[1].tapAction.map { .alert($0) })) {
      $0.destination = nil
    }
    #expect(store.state.location.name == "Paris")
  }

  @Test func deletingAsksFirstAndTheConfirmationRemovesThePlaceAndTellsTheApp() async {
    let store = makeStore()
    await store.send(.deleteTapped) {
      $0.destination = .confirmDeletion(
        ConfirmationDialogState(
          title: "Paris", titleVisibility: .visible, message: "Remove it from your saved places?"
        ) {
          ButtonState(role: .destructive, "Delete", action: .delete)
          ButtonState(role: .cancel, "Cancel")
        })
    }
    await store.send(.destination(.presented(.confirmDeletion(.delete)))) {
      $0.destination = nil
      $0.savedLocations.value = []
    }
    await store.receive(.delegate(.deleteConfirmed))
  }
}

/// A screen's state read back, as a recorded push writes it.
@MainActor
@Suite struct PlaceDetailCodingTests {
  @Test func aStateReadBackJoinsTheSavedPlacesAndOneWithoutThemGetsTheScreensCopy() throws {
    var screen = PlaceDetail.State(location: .parisFrance)
    screen.savedLocations = Shared(
      key: AddLocation.savedLocationsKey, value: [.parisFrance, .parisTexas])
    let data = try JSONEncoder().encode(screen)
    let read = try JSONDecoder().decode(PlaceDetail.State.self, from: data)
    #expect(read == screen)
    // Read back, the copy takes the others' value: with a list that has no Texas, it follows it.
    var app = App.State(
      home: App.Home(user: .pritesh),
      savedLocations: Shared(key: AddLocation.savedLocationsKey, value: [.parisFrance]))
    app.path.append(read)
    let store = Store(initialState: app, reducer: App.reducer, environment: .unimplemented)
    #expect(store.state.path.first?.savedLocations.value == [.parisFrance])
    // Written before the screen shared the places: the screen's own copy.
    var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["savedLocations"] = nil
    let old = try JSONDecoder().decode(
      PlaceDetail.State.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(old.savedLocations.value == [.parisFrance])
  }

  @Test func aCopyUnderAnotherKeyIsRefused() throws {
    var screen = PlaceDetail.State(location: .parisFrance)
    screen.savedLocations = Shared(key: "mine", value: [])
    let data = try JSONEncoder().encode(screen)
    #expect {
      _ = try JSONDecoder().decode(PlaceDetail.State.self, from: data)
    } throws: { error in
      "\(error)".contains(#"shares the saved places under the key "savedLocations", not "mine""#)
    }
  }
}

/// The saved places as a stack in the app: pushed from the list, renamed and deleted through
/// their screens, popped mid-lookup, and gone with a logout.
@MainActor
@Suite struct AppNavigationTests {
  let clock = ManualClock()

  func makeStore(saved: [Location] = [.parisFrance, .brussels])
    -> TestStore<App.State, App.Action, App.Environment>
  {
    let clock = self.clock
    var environment = App.Environment.unimplemented
    environment.addLocation = AddLocation.Environment(
      geocode: { _ in
        try await clock.sleep(for: .seconds(1))
        return [.parisFrance, .parisTexas]
      },
      clock: clock)
    return TestStore(
      initialState: App.State(
        home: App.Home(user: .pritesh),
        savedLocations: Shared(key: AddLocation.savedLocationsKey, value: IdentifiedArray(saved))),
      reducer: App.reducer, environment: environment)
  }

  func open(_ store: TestStore<App.State, App.Action, App.Environment>) async {
    await store.send(\.savedLocation[id: Location.parisFrance.id].openTapped) {
      $0.path.append(PlaceDetail.State(location: .parisFrance))
    }
    await store.receive(.path(.element(id: 0, action: .appeared))) {
      $0.path[id: 0]?.isLoadingNamesakes = true
    }
  }

  @Test func openingASavedPlacePushesItsScreenWhichLooksUpItsNamesakes() async {
    let store = makeStore()
    await open(store)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .namesakesLoaded([.parisTexas])))) {
      $0.path[id: 0]?.isLoadingNamesakes = false
      $0.path[id: 0]?.namesakes = [.parisTexas]
    }
  }

  @Test func poppingMidLookupCancelsTheLookup() async {
    let store = makeStore()
    await open(store)
    #expect(store.runningEffects.count == 1)
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func loggingOutMidLookupCancelsTheLookup() async {
    let store = makeStore()
    await open(store)
    await store.send(.logoutTapped) {
      $0.home = nil
      $0.login = Login.State()
      $0.path.removeAll()
    }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func removingAPlaceFromTheListPopsItsScreenMidLookup() async {
    let store = makeStore()
    await open(store)
    await store.send(.removeSavedLocation(index: 0)) {
      $0.savedLocations.value.remove(id: Location.parisFrance.id)
      $0.path.removeAll()
    }
    #expect(store.runningEffects.isEmpty)
  }

  @Test func aRenameOnThePlacesScreenRenamesItInTheListInTheSameStep() async {
    let store = makeStore()
    await open(store)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    await store.send(.path(.element(id: 0, action: .renameTapped))) {
      $0.path[id: 0]?.destination = .rename(RenamePlace.State(name: "Paris"))
    }
    await store.send(
      .path(
        .element(id: 0, action: .destination(.presented(.rename(.binding(.set(\.name, "Home")))))))
    ) {
      $0.path[id: 0]?.destination = .rename(RenamePlace.State(name: "Home"))
    }
    await store.send(.path(.element(id: 0, action: .destination(.presented(.rename(.saveTapped))))))
    {
      $0.path[id: 0]?.location.name = "Home"
      $0.path[id: 0]?.destination = nil
      // Asserted once, on one copy: the list and the screen hold the same value.
      $0.savedLocations.value[id: Location.parisFrance.id]?.name = "Home"
    }
    #expect(store.state.path[id: 0]?.savedLocations == store.state.savedLocations)
    guard case .home(let home) = App.ViewState(store.state) else {
      Issue.record("expected the home screen")
      return
    }
    #expect(home.savedLocations.first == "Home, France")
  }

  @Test func aConfirmedDeletionRemovesThePlaceAndPopsItsScreen() async {
    let store = makeStore()
    await open(store)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    await store.send(.path(.element(id: 0, action: .deleteTapped))) {
      $0.path[id: 0]?.destination = .confirmDeletion(
        ConfirmationDialogState(
          title: "Paris", titleVisibility: .visible, message: "Remove it from your saved places?"
        ) {
          ButtonState(role: .destructive, "Delete", action: .delete)
          ButtonState(role: .cancel, "Cancel")
        })
    }
    await store.send(
      .path(.element(id: 0, action: .destination(.presented(.confirmDeletion(.delete)))))
    ) {
      $0.path[id: 0]?.destination = nil
      $0.savedLocations.value.remove(id: Location.parisFrance.id)
    }
    // The app pops the screen; the place is already gone from the list.
    await store.receive(.path(.element(id: 0, action: .delegate(.deleteConfirmed)))) {
      $0.path.removeAll()
    }
  }

  @Test func openingAPlaceThatIsNotSavedSaysSo() async {
    let store = makeStore()
    await store.send(.savedLocation(id: 42, action: .openTapped)) {
      $0.home?.errorMessage = "There is no saved location with identifier 42."
    }
  }
}

/// What the app's page shows of a place's screen, and the actions its buttons send.
@Suite struct PlaceViewTests {
  @Test func aPlacesScreenShowsWhatTheGazetteerKnowsAndItsNamesakes() {
    let view = App.ViewState.PlaceView(
      screen: 3, depth: 2,
      detail: PlaceDetail.State(location: .parisFrance, namesakes: [.parisTexas]))
    #expect(view.title == "Paris")
    #expect(
      view.facts == [
        "Country: France (FR)", "Population: 2,138,551", "Coordinates: 48.85341, 2.3488",
        "Time zone: Europe/Paris",
      ])
    #expect(view.namesakes == ["Paris, United States"])
    #expect(view.namesakesMessage == nil)
    // A namesake already saved is marked.
    let saved = PlaceDetail.State(
      location: .parisFrance, namesakes: [.parisTexas],
      savedLocations: Shared(
        key: AddLocation.savedLocationsKey, value: [.parisFrance, .parisTexas]))
    #expect(
      App.ViewState.PlaceView(screen: 3, depth: 2, detail: saved).namesakes == [
        "Paris, United States (saved)"
      ])
    #expect(view.back == ".path(.popFrom(id: 3))")
    #expect(view.actions.rename == ".path(.element(id: 3, action: .renameTapped))")
    #expect(
      view.actions.nameChanged
        == #".path(.element(id: 3, action: .destination(.presented(.rename(.binding(.set(\.name, $NAME)))))))"#
    )
    #expect(view.rename == nil && view.prompt == nil)
  }

  @Test func theNamesakesListSaysWhenItLooksFindsNoneOrFails() {
    func message(_ detail: PlaceDetail.State) -> String? {
      App.ViewState.PlaceView(screen: 0, depth: 1, detail: detail).namesakesMessage
    }
    #expect(
      message(PlaceDetail.State(location: .parisFrance, isLoadingNamesakes: true))
        == "Looking for other places called Paris…")
    #expect(
      message(PlaceDetail.State(location: .parisFrance, namesakes: []))
        == "No other place is called Paris.")
    #expect(
      message(PlaceDetail.State(location: .parisFrance, lookupError: "offline")) == "offline")
  }

  @Test func aConfirmationsButtonsSendTheirActionsThroughThePresentation() throws {
    var detail = PlaceDetail.State(location: .parisFrance)
    _ = PlaceDetail.reducer.reduce(
      into: &detail, action: .deleteTapped, environment: .unimplemented)
    let view = App.ViewState.PlaceView(screen: 0, depth: 1, detail: detail)
    let prompt = try #require(view.prompt)
    #expect(prompt.title == "Paris")
    #expect(prompt.message == "Remove it from your saved places?")
    #expect(
      prompt.buttons == [
        .init(
          label: "Delete", role: "destructive",
          action:
            ".path(.element(id: 0, action: .destination(.presented(.confirmDeletion(.delete)))))"),
        .init(
          label: "Cancel", role: "cancel",
          action: ".path(.element(id: 0, action: .destination(.dismiss)))"),
      ])
  }
}

/// What the SwiftUI views of a place read and send, on Linux: the stack's element store, the
/// sheet's presence, and the sheet's store through the destination.
@MainActor
@Suite struct PlaceDetailViewStoreTests {
  @Test func theSheetIsPresentedAndDismissedThroughTheDestination() {
    let clock = ManualClock()
    var environment = App.Environment.unimplemented
    environment.addLocation = AddLocation.Environment(geocode: { _ in [] }, clock: clock)
    let store = Store(
      initialState: App.State(
        home: App.Home(user: .pritesh),
        savedLocations: Shared(key: AddLocation.savedLocationsKey, value: [.parisFrance])),
      reducer: App.reducer, environment: environment, drivenBy: clock)
    store.send(.savedLocation(id: Location.parisFrance.id, action: .openTapped))
    let place = store.scope(state: \.path, id: 0, action: \.path)
    #expect(place?.location.name == "Paris")
    guard let place else { return }
    let sheet = place.isPresenting(\.destination?.rename, action: \.destination)
    #expect(!sheet.value)
    place.send(.renameTapped)
    #expect(sheet.value)
    let rename = place.scope(state: \.destination, action: \.destination)?
      .scope(state: \.rename, action: \.rename)
    rename?.send(.binding(.set(\.name, "City of Light")))
    rename?.send(.saveTapped)
    #expect(!sheet.value)
    #expect(store.state.savedLocations.value.first?.name == "City of Light")
    // The confirmation is a destination too; the sheet's binding says it is not the sheet.
    place.send(.deleteTapped)
    #expect(!sheet.value)
    #expect(place.isPresenting(\.destination?.confirmDeletion, action: \.destination).value)
    // Swiping it away dismisses it.
    place.isPresenting(\.destination?.confirmDeletion, action: \.destination).set(false)
    #expect(store.state.path[id: 0]?.destination == nil)
  }
}
