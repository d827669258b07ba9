import AddLocationFeature
import Foundation
import LoginFeature
import Tide

/// Small variants of the real features, each with one bug planted, for the explorer to find.
enum PlantedBugs {
  /// A search that forgets `cancelInFlight`: it starts a request for every query without
  /// cancelling the one in flight, so a slow response for an older query can land after a newer
  /// one. (An empty query still cancels.)
  static let searchWithoutCancellation = Reducer<
    AddLocation.State, AddLocation.Action, AddLocation.Environment
  > { state, action, environment in
    guard case .queryChanged(let query) = action else {
      return AddLocation.reducer.reduce(into: &state, action: action, environment: environment)
    }
    state.query = query
    let term = query.trimmingCharacters(in: .whitespaces)
    guard !term.isEmpty else {
      state.locations = []
      state.isSearching = false
      return .cancel(id: "planted search")
    }
    state.isSearching = true
    return .run(name: "geocode") { send in
      await send(.searchResponse(.success(try await environment.geocode(term))))
    } catch: { error, send in
      await send(.searchResponse(.failure(GeocoderError(error))))
    }
    .cancellable(id: "planted search")
  }

  /// A debounced search whose clearing cancels the wrong identifier: typing is debounced and
  /// replaces the search in flight (AddLocation's own reducer), but clearing the query cancels
  /// an identifier nothing runs under, so a search typed before the clear still runs, and its
  /// stale response lands on the empty query.
  static let debouncedSearchClearedWithTheWrongID = Reducer<
    AddLocation.State, AddLocation.Action, AddLocation.Environment
  > { state, action, environment in
    guard case .queryChanged(let query) = action,
      query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else {
      return AddLocation.reducer.reduce(into: &state, action: action, environment: environment)
    }
    state.query = query
    state.locations = []
    state.isSearching = false
    state.errorMessage = nil
    return .cancel(id: "search")
  }

  /// A login screen that lets an edit leave the request in flight: the response for the old
  /// credentials still logs in.
  static let loginWithoutCancelOnEdit = Reducer<Login.State, Login.Action, Login.Environment> {
    state, action, environment in
    switch action {
    case .usernameChanged(let username):
      state.username = username
      return .none
    case .passwordChanged(let password):
      state.password = password
      return .none
    default:
      return Login.reducer.reduce(into: &state, action: action, environment: environment)
    }
  }

  /// A login screen that forgets to clear `isLoading` when the server sends no data.
  static let loginStuckLoadingOnNilData = Reducer<Login.State, Login.Action, Login.Environment> {
    state, action, environment in
    let effect = Login.reducer.reduce(into: &state, action: action, environment: environment)
    if action == .loginResponse(.failure(.nilData)) { state.isLoading = true }
    return effect
  }
}
