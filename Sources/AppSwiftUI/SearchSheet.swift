#if canImport(SwiftUI)
  import AddLocationFeature
  import SwiftUI
  import Tide

  /// The add-location search: a query field, the places found, and a tap to save one.
  struct SearchSheet: View {
    let store: Store<AddLocation.State, AddLocation.Action>

    var body: some View {
      NavigationStack {
        List {
          // The search shares the saved places: a place already saved is marked.
          ForEach(Array(store.locations.enumerated()), id: \.element.id) { index, location in
            Button {
              store.send(.locationTapped(index: index))
            } label: {
              HStack {
                Text(location.name)
                Spacer()
                if store.savedLocations.value.containsPlace(location) {
                  Label("Saved", systemImage: "checkmark").foregroundStyle(.secondary)
                }
              }
            }
          }
        }
        .searchable(
          text: store.binding(\.query, send: AddLocation.Action.queryChanged).swiftUI
        )
        .overlay {
          if store.isSearching { ProgressView() }
        }
        .navigationTitle("Add a location")
      }
      // The search's effects end when the sheet is dismissed: the app's `ifLet` cancels them.
    }
  }
#endif
