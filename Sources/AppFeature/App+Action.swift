import AddLocationFeature
import LoginFeature
import Tide
import TideInspect

extension App {
  /// Everything that can happen in the app: the children's actions, wrapped, and the app's own.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// store.send(.login(.usernameChanged("pritesh")))
  /// store.send(.searchTapped)
  /// store.send(.addLocation(.presented(.queryChanged("Brus"))))
  /// store.send(.logoutTapped)
  /// ```
  public enum Action: Equatable, Sendable, Codable, Redacting {
    /// An action of the login screen.
    case login(Login.Action)
    /// The search button was tapped: the add-location search is presented.
    case searchTapped
    /// An action of the presented add-location search, or its dismissal.
    case addLocation(PresentationAction<AddLocation.Action>)
    /// The saved location at an index was removed.
    case removeSavedLocation(index: Int)
    /// An action of the row of a saved location, by the location's identifier.
    case savedLocation(id: Int, action: SavedLocationAction)
    /// An action of the saved places' screens, pushes and pops.
    case path(StackAction<PlaceDetail.State, PlaceDetail.Action>)
    /// The user logged out.
    case logoutTapped

    /// Nothing of the app's own is secret; the login actions redact themselves.
    public static let redactedLabels: Set<String> = []
  }

  /// What the user does in the row of a saved location.
  public enum SavedLocationAction: Equatable, Sendable, Codable {
    /// The row's remove button was tapped.
    case removeTapped
    /// The row was tapped: the place's screen is pushed.
    case openTapped
  }
}

extension App.Action: CasePathable {
  /// The case paths a view scopes by: `store.scope(state: \.login, action: \.login)`.
  ///
  /// ```swift
  /// let login = App.Action.allCasePaths.login
  /// print(login.embed(.loginButtonTapped) == .login(.loginButtonTapped))  // true
  /// ```
  public struct AllCasePaths: Sendable {
    /// The login screen's actions.
    public var login: CasePath<App.Action, Login.Action> {
      CasePath(
        embed: App.Action.login,
        extract: { if case .login(let action) = $0 { action } else { nil } })
    }
    /// The presented add-location search's actions and its dismissal.
    public var addLocation: CasePath<App.Action, PresentationAction<AddLocation.Action>> {
      CasePath(
        embed: App.Action.addLocation,
        extract: { if case .addLocation(let action) = $0 { action } else { nil } })
    }
    /// The actions of the saved locations' rows, with the location's identifier.
    public var savedLocation: CasePath<App.Action, (Int, App.SavedLocationAction)> {
      CasePath(
        embed: { App.Action.savedLocation(id: $0, action: $1) },
        extract: {
          if case .savedLocation(let id, let action) = $0 { (id, action) } else { nil }
        })
    }
    /// The actions of the places' screens, pushes and pops.
    public var path: CasePath<App.Action, StackAction<PlaceDetail.State, PlaceDetail.Action>> {
      CasePath(
        embed: App.Action.path,
        extract: { if case .path(let action) = $0 { action } else { nil } })
    }
  }

  /// The case paths of the actions views scope to.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension App.SavedLocationAction: CasePathable {
  /// The case paths of a row's actions, so that a test taps one row by key path:
  /// `store.send(\.savedLocation[id: id].openTapped)`.
  ///
  /// ```swift
  /// let open = App.Action.allCasePaths.savedLocation[id: 7].openTapped
  /// print(open.embed(()) == .savedLocation(id: 7, action: .openTapped))  // true
  /// ```
  public struct AllCasePaths: Sendable {
    /// The row's remove button.
    public var removeTapped: CasePath<App.SavedLocationAction, Void> {
      CasePath(
        embed: { App.SavedLocationAction.removeTapped },
        extract: { if case .removeTapped = $0 { () } else { nil } })
    }
    /// The row itself.
    public var openTapped: CasePath<App.SavedLocationAction, Void> {
      CasePath(
        embed: { App.SavedLocationAction.openTapped },
        extract: { if case .openTapped = $0 { () } else { nil } })
    }
  }

  /// The case paths of a row's actions.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
