import AddLocationFeature
import LoginFeature
import Tide

extension App {
  /// The app's state: exactly one of ``login`` and ``home`` is set.
  ///
  /// ```swift
  /// let state = App.State()  // logged out, on the login screen
  /// ```
  public struct State: Equatable, Sendable {
    /// The login screen, while logged out.
    public var login: Login.State?
    /// The home screen, while logged in.
    public var home: Home?
    /// The saved places' screens pushed over the home screen's list: empty while logged out.
    public var path: StackState<PlaceDetail.State>
    /// The add-location search, presented over the home screen by ``App/Action/searchTapped``
    /// and dismissed when a location is picked (or by `.addLocation(.dismiss)`); `nil` while it
    /// is not shown, and always while logged out. Its effects end with it.
    public var search: AddLocation.State?

    /// Creates a state; logged out unless a home is given.
    ///
    /// - Parameters:
    ///   - login: The login screen.
    ///   - home: The home screen.
    ///   - path: The places' screens pushed over the home screen, when there is one.
    ///   - search: The search presented over the home screen, when there is one.
    public init(
      login: Login.State? = Login.State(), home: Home? = nil,
      path: StackState<PlaceDetail.State> = StackState(), search: AddLocation.State? = nil
    ) {
      self.login = home == nil ? login : nil
      self.home = home
      self.path = home == nil ? StackState() : path
      self.search = home == nil ? nil : search
    }
  }

  /// The logged-in screen: who is logged in and the locations they saved. The search that adds
  /// more is presented over it (``State/search``).
  public struct Home: Equatable, Sendable {
    /// The logged-in user.
    public var user: User
    /// The locations the user added, in the order they were added, each found by its
    /// identifier: a row view of the list holds a store scoped to one of them.
    ///
    /// A place made by hand (identifier 0) gets an identifier of its own when it is saved: the
    /// lowest in the list less one, below zero, so it never collides with a GeoNames place.
    public var savedLocations: IdentifiedArray<Location>
    /// What went wrong with the last change to the saved list, if anything.
    public var errorMessage: String?

    /// Creates a home screen.
    ///
    /// - Parameters:
    ///   - user: The logged-in user.
    ///   - savedLocations: The saved locations.
    ///   - errorMessage: The error on screen.
    public init(
      user: User, savedLocations: IdentifiedArray<Location> = [],
      errorMessage: String? = nil
    ) {
      self.user = user
      self.savedLocations = savedLocations
      self.errorMessage = errorMessage
    }
  }
}

extension App.State {
  /// The saved locations while logged in; none while logged out. What a list of rows scopes its
  /// row stores from: `store.scope(state: \.savedLocations, id: id, action: \.savedLocation)`.
  ///
  /// ```swift
  /// print(App.State().savedLocations.count)  // 0
  /// ```
  public var savedLocations: IdentifiedArray<Location> {
    home?.savedLocations ?? []
  }
}
