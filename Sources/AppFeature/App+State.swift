import AddLocationFeature
import LoginFeature

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

    /// Creates a state; logged out unless a home is given.
    ///
    /// - Parameters:
    ///   - login: The login screen.
    ///   - home: The home screen.
    public init(login: Login.State? = Login.State(), home: Home? = nil) {
      self.login = home == nil ? login : nil
      self.home = home
    }
  }

  /// The logged-in screen: who is logged in, the locations they saved, and the search that adds
  /// more.
  public struct Home: Equatable, Sendable {
    /// The logged-in user.
    public var user: User
    /// The locations the user added, in the order they were added.
    public var savedLocations: [Location]
    /// The add-location search.
    public var search: AddLocation.State
    /// What went wrong with the last change to the saved list, if anything.
    public var errorMessage: String?

    /// Creates a home screen.
    ///
    /// - Parameters:
    ///   - user: The logged-in user.
    ///   - savedLocations: The saved locations.
    ///   - search: The search's state.
    ///   - errorMessage: The error on screen.
    public init(
      user: User, savedLocations: [Location] = [], search: AddLocation.State = AddLocation.State(),
      errorMessage: String? = nil
    ) {
      self.user = user
      self.savedLocations = savedLocations
      self.search = search
      self.errorMessage = errorMessage
    }
  }
}
