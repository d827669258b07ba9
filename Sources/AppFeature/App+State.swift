import AddLocationFeature
import LoginFeature
import Tide

extension App {
  /// The app's state: exactly one of ``login`` and ``home`` is set.
  ///
  /// ```swift
  /// let state = App.State()  // logged out, on the login screen
  /// ```
  public struct State: Equatable, Sendable, SharedState {
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
    /// The places saved on this device, in the order they were added, each found by its
    /// identifier: the home screen lists them while logged in (a row view holds a store scoped
    /// to one of them), and the search and each place's screen share them (key
    /// `AddLocation.savedLocationsKey`), so a place picked in the search or renamed on its
    /// screen is in the list in the same step. They stay when the user logs out; with
    /// ``App/persistingReducer`` they are saved, and an app loads them into its initial state.
    ///
    /// A place made by hand (identifier 0) gets an identifier of its own when it is saved: the
    /// lowest in the list less one, below zero, so it never collides with a GeoNames place.
    public var savedLocations: Shared<IdentifiedArray<Location>>

    /// The app's own shared field, the copy of the saved places the others sync with:
    /// ``savedLocations``.
    public static let sharedFields: [SharedField<Self>] = [.field(\.savedLocations)]

    /// Creates a state; logged out unless a home is given.
    ///
    /// - Parameters:
    ///   - login: The login screen.
    ///   - home: The home screen.
    ///   - path: The places' screens pushed over the home screen, when there is one.
    ///   - search: The search presented over the home screen, when there is one.
    ///   - savedLocations: The saved places, a copy that brings its value (loaded from a
    ///     file, or none): `Shared(key: AddLocation.savedLocationsKey, value: places)`.
    public init(
      login: Login.State? = Login.State(), home: Home? = nil,
      path: StackState<PlaceDetail.State> = StackState(), search: AddLocation.State? = nil,
      savedLocations: Shared<IdentifiedArray<Location>> = Shared(
        key: AddLocation.savedLocationsKey, value: [])
    ) {
      self.login = home == nil ? login : nil
      self.home = home
      self.path = home == nil ? StackState() : path
      self.search = home == nil ? nil : search
      self.savedLocations = savedLocations
    }
  }

  /// The logged-in screen: who is logged in. It lists the saved places
  /// (``State/savedLocations``); the search that adds more is presented over it
  /// (``State/search``).
  public struct Home: Equatable, Sendable {
    /// The logged-in user.
    public var user: User
    /// What went wrong with the last change to the saved list, if anything.
    public var errorMessage: String?

    /// Creates a home screen.
    ///
    /// - Parameters:
    ///   - user: The logged-in user.
    ///   - errorMessage: The error on screen.
    public init(user: User, errorMessage: String? = nil) {
      self.user = user
      self.errorMessage = errorMessage
    }
  }
}
