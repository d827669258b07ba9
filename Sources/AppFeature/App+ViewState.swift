import AddLocationFeature
import LoginFeature
import Tide
import TideInspect

extension App {
  /// What the app shows: the login screen, or the home screen.
  ///
  /// <!-- example: in app-render -->
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
      /// What tapping each saved location sends: its screen is pushed.
      public var openActions: [String]
      /// What to show when nothing is saved yet.
      public var emptyMessage: String?
      /// The search, while it is presented.
      public var search: AddLocation.ViewState?
      /// An error line, if any.
      public var errorMessage: String?
      /// The place's screen on top of the list, if one is pushed.
      public var place: PlaceView?
    }

    /// Projects the state into what the app shows.
    ///
    /// - Parameters:
    ///   - state: The app's state.
    public init(_ state: State) {
      if let home = state.home {
        let places = state.savedLocations.value
        let saved = places.map {
          $0.countryName.isEmpty ? $0.name : "\($0.name), \($0.countryName)"
        }
        self = .home(
          HomeView(
            greeting: "Hello \(home.user.name)",
            savedLocations: saved,
            openActions: places.map {
              Inspector().line(App.Action.savedLocation(id: $0.id, action: .openTapped))
            },
            emptyMessage: saved.isEmpty ? "No saved locations yet: search for a city." : nil,
            search: state.search.map(AddLocation.ViewState.init),
            errorMessage: home.errorMessage,
            place: state.path.ids.last.map { top in
              PlaceView(
                screen: top.rawValue, depth: state.path.count, detail: state.path[id: top]!)
            }))
      } else {
        self = .login(Login.ViewState(state.login ?? Login.State()))
      }
    }
  }
}
