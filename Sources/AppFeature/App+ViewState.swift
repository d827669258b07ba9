import AddLocationFeature
import LoginFeature

extension App {
  /// What the app shows: the login screen, or the home screen.
  ///
  /// <!-- example: fragment -->
  /// ```swift
  /// switch App.ViewState(store.state) {
  /// case .login(let login): render(login)
  /// case .home(let home): render(home)
  /// }
  /// ```
  public enum ViewState: Equatable, Sendable {
    /// The login screen.
    case login(Login.ViewState)
    /// The home screen.
    case home(HomeView)

    /// The home screen, as shown.
    public struct HomeView: Equatable, Sendable {
      /// "Hello Pritesh".
      public var greeting: String
      /// The saved locations: "Brussels, Belgium".
      public var savedLocations: [String]
      /// What to show when nothing is saved yet.
      public var emptyMessage: String?
      /// The search.
      public var search: AddLocation.ViewState
      /// An error line, if any.
      public var errorMessage: String?
    }

    /// Projects the state into what the app shows.
    ///
    /// - Parameters:
    ///   - state: The app's state.
    public init(_ state: State) {
      if let home = state.home {
        let saved = home.savedLocations.map {
          $0.countryName.isEmpty ? $0.name : "\($0.name), \($0.countryName)"
        }
        self = .home(
          HomeView(
            greeting: "Hello \(home.user.name)",
            savedLocations: saved,
            emptyMessage: saved.isEmpty ? "No saved locations yet: search for a city." : nil,
            search: AddLocation.ViewState(home.search),
            errorMessage: home.errorMessage))
      } else {
        self = .login(Login.ViewState(state.login ?? Login.State()))
      }
    }
  }
}
