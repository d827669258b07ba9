import AddLocationFeature
import Foundation
import Tide

/// A saved place's screen, pushed from the saved list: what the gazetteer knows about the place
/// (country, population, coordinates, time zone) and the other places with its name, a rename
/// sheet, a delete confirmation, and an alert when a rename cannot be saved.
///
/// ```swift
/// let paris = Location(id: 2_988_507, name: "Paris", countryName: "France", latitude: 48.85, longitude: 2.35)
/// let store = Store(
///   initialState: PlaceDetail.State(location: paris), reducer: PlaceDetail.reducer,
///   environment: AddLocation.Environment.live(clock: ContinuousClock()))
/// ```
///
/// A rename or a deletion changes the saved places the screen shares with the list and the
/// search (``State/savedLocations``); after a deletion the screen asks the app to pop it.
public enum PlaceDetail {
  /// The screen's logic.
  public static let reducer = core.ifLet(
    \.destination, action: \.destination, environment: { _ in },
    child: Destination.reducer)

  /// What cancels the lookup of namesakes: a new lookup, or the screen going away.
  enum CancelID: Hashable, Sendable { case namesakes }

  static let core = Reducer<State, Action, AddLocation.Environment> {
    state, action, environment in
    switch action {
    case .appeared:
      state.isLoadingNamesakes = true
      state.lookupError = nil
      let location = state.location
      return .run(name: "namesakes") { send in
        let found = try await environment.geocode(location.name)
        await send(.namesakesLoaded(found.filter { $0.isNamesake(of: location) }))
      } catch: { error, send in
        await send(.namesakesFailed(GeocoderError(error).description))
      }
      .cancellable(id: CancelID.namesakes, cancelInFlight: true)

    case .namesakesLoaded(let places):
      state.isLoadingNamesakes = false
      state.namesakes = places
      return .none

    case .namesakesFailed(let message):
      state.isLoadingNamesakes = false
      state.lookupError = message
      return .none

    case .renameTapped:
      state.destination = .rename(RenamePlace.State(name: state.location.name))
      return .none

    case .deleteTapped:
      state.destination = .confirmDeletion(
        ConfirmationDialogState(
          title: state.location.name, titleVisibility: .visible,
          message: "Remove it from your saved places?"
        ) {
          ButtonState(role: .destructive, "Delete", action: .delete)
          ButtonState(role: .cancel, "Cancel")
        })
      return .none

    case .destination(.presented(.rename(.saveTapped))):
      guard case .rename(let rename) = state.destination else { return .none }
      let name = rename.name.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else {
        state.destination = .alert(
          AlertState(title: "A place needs a name", message: "The name can’t be empty.") {
            ButtonState("Rename again", action: .renameAgain)
            ButtonState(role: .cancel, "Keep “\(state.location.name)”")
          })
        return .none
      }
      state.location.name = name
      // Renamed in the list every screen shares: the list shows the new name in this step.
      state.savedLocations.value[id: state.location.id]?.name = name
      state.destination = nil
      return .none

    case .destination(.presented(.alert(.renameAgain))):
      state.destination = .rename(RenamePlace.State(name: state.location.name))
      return .none

    case .destination(.presented(.confirmDeletion(.delete))):
      state.savedLocations.value.remove(id: state.location.id)
      return .send(.delegate(.deleteConfirmed))

    case .destination, .delegate:
      return .none
    }
  }
}

extension Location {
  /// Another place with the same name (letter case aside).
  func isNamesake(of other: Location) -> Bool {
    !isSamePlace(as: other) && name.lowercased() == other.name.lowercased()
  }
}
