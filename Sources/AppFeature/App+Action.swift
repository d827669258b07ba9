import AddLocationFeature
import LoginFeature
import TideInspect

extension App {
  /// Everything that can happen in the app: the children's actions, wrapped, and the app's own.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// store.send(.login(.usernameChanged("pritesh")))
  /// store.send(.addLocation(.queryChanged("Brus")))
  /// store.send(.logoutTapped)
  /// ```
  public enum Action: Equatable, Sendable, Codable, Redacting {
    /// An action of the login screen.
    case login(Login.Action)
    /// An action of the add-location search.
    case addLocation(AddLocation.Action)
    /// The saved location at an index was removed.
    case removeSavedLocation(index: Int)
    /// The user logged out.
    case logoutTapped

    /// Nothing of the app's own is secret; the login actions redact themselves.
    public static let redactedLabels: Set<String> = []
  }
}
