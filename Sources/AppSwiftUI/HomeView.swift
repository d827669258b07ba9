#if canImport(SwiftUI)
  import AddLocationFeature
  import AppFeature
  import SwiftUI
  import Tide

  /// The saved locations, one row view each, and the search in a sheet.
  struct HomeView: View {
    let store: Store<App.State, App.Action>
    @State private var isSearching = false

    var body: some View {
      List {
        // Reading the identifiers only: renaming a row does not render the list again.
        ForEach(store[\.savedLocations.ids], id: \.self) { id in
          if let row = store.scope(state: \.savedLocations, id: id, action: \.savedLocation) {
            SavedLocationRow(store: row)
          }
        }
      }
      .navigationTitle(store[\.home?.user.name] ?? "")
      .toolbar {
        Button("Add") { isSearching = true }
        Button("Log out") { store.send(.logoutTapped) }
      }
      .sheet(isPresented: $isSearching) {
        // nil once logged out; AppView then shows the login screen, and the sheet goes too.
        if let search = store.scope(state: \.home?.search, action: \.addLocation) {
          SearchSheet(store: search)
        }
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
        Button("Remove", role: .destructive) { store.send(.removeTapped) }
      }
      // Tapping the row pushes the place's screen: the app appends it to the stack.
      .contentShape(Rectangle())
      .onTapGesture { store.send(.openTapped) }
    }
  }
#endif
