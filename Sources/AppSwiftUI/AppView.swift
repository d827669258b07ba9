// The app feature in SwiftUI. Built only where SwiftUI exists: CI (Linux) does not build it.
// What it relies on (reads tracked by Observation, scopes, bindings) is tested on Linux, in
// Tests/AppFeatureTests/AppViewStoreTests.swift.

#if canImport(SwiftUI)
  import AppFeature
  import SwiftUI
  import Tide

  /// The app's root view: the login screen while logged out, the saved locations once logged in.
  public struct AppView: View {
    let store: Store<App.State, App.Action>

    /// A view of the app run by `store`.
    ///
    /// - Parameters:
    ///   - store: The app's store.
    public init(store: Store<App.State, App.Action>) {
      self.store = store
    }

    /// The login screen or the home screen, whichever the state has.
    public var body: some View {
      // The stack's path is the state's: going back pops through the store, and a place's
      // screen is pushed by the app's own action.
      NavigationStack(path: store.stackPath(\.path, action: \.path).swiftUI) {
        // Each scope call is tracked: the view renders again when the login screen comes or goes.
        if let login = store.scope(state: \.login, action: \.login) {
          LoginView(store: login)
        } else {
          HomeView(store: store)
            .navigationDestination(store, state: \.path, action: \.path) { place in
              PlaceDetailView(store: place)
            }
        }
      }
    }
  }
#endif
