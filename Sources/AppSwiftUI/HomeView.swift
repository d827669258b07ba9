#if canImport(SwiftUI)
  import AddLocationFeature
  import AppFeature
  import SwiftUI
  import Tide

  /// The saved locations, one row view each, and the search in a sheet: presented by the
  /// state (`App.State.search`), so a test, the REPL or a recording shows and dismisses it too.
  struct HomeView: View {
    let store: Store<App.State, App.Action>

    var body: some View {
      List {
        // Reading the identifiers only: renaming a row does not render the list again.
        ForEach(store[\.savedLocations.value.ids], id: \.self) { id in
          if let row = store.scope(state: \.savedLocations.value, id: id, action: \.savedLocation) {
            SavedLocationRow(store: row)
          }
        }
      }
      .navigationTitle(store[\.home?.user.name] ?? "")
      .toolbar {
        Button("Add") { store.send(.searchTapped) }
        Button("Log out") { store.send(.logoutTapped) }
      }
      // Swiping the sheet away sends `.addLocation(.dismiss)`; picking a place dismisses it
      // from the app's reducer, and logging out takes it away with the home screen.
      .sheet(store, state: \.search, action: \.addLocation) { search in
        SearchSheet(store: search)
      }
    }
  }

  /// One saved location, from a store scoped to it by its identifier.
  struct SavedLocationRow: View {
    let store: Store<Location, App.SavedLocationAction>

    var body: some View {
      HStack {
        VStack(alignment: .leading) {
          Text(store.name)
          Text(store.countryName).font(.caption)
        }
        Spacer()
        Button("Remove", role: .destructive) { store.send(.removeTapped, animation: .default) }
      }
      // Tapping the row pushes the place's screen: the app appends it to the stack.
      .contentShape(Rectangle())
      .onTapGesture { store.send(.openTapped) }
    }
  }
#endif
