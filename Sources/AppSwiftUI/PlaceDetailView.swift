// A saved place's screen in SwiftUI. Built only where SwiftUI exists: CI (Linux) does not build
// it. What it relies on (the stack's element scope, isPresenting, the destination's scopes) is
// tested on Linux, in Tests/AppFeatureTests/PlaceDetailTests.swift.

#if canImport(SwiftUI)
  import AddLocationFeature
  import AppFeature
  import SwiftUI
  import Tide

  /// A place pushed over the list: what the gazetteer knows, its namesakes, a rename sheet, a
  /// delete confirmation, and the alert of a rename that cannot be saved.
  struct PlaceDetailView: View {
    let store: Store<PlaceDetail.State, PlaceDetail.Action>

    /// Whether the rename sheet is shown; SwiftUI setting it to `false` dismisses it.
    var isRenaming: Binding<Bool> {
      store.isPresenting(\.destination?.rename, action: \.destination).swiftUI
    }

    var body: some View {
      List {
        Section("About") {
          LabeledContent("Country", value: store.location.countryName)
          LabeledContent("Population", value: store.location.population.formatted())
          LabeledContent(
            "Coordinates", value: "\(store.location.latitude), \(store.location.longitude)")
          LabeledContent("Time zone", value: store.location.timezone)
        }
        Section("Also called \(store.location.name)") {
          if store.isLoadingNamesakes {
            ProgressView()
          } else if let error = store.lookupError {
            Text(error).foregroundStyle(.red)
          } else {
            ForEach(store.namesakes ?? [], id: \.id) { place in
              Text("\(place.name), \(place.countryName)")
            }
          }
        }
      }
      .navigationTitle(store.location.name)
      .toolbar {
        Button("Rename") { store.send(.renameTapped) }
        Button("Delete", role: .destructive) { store.send(.deleteTapped) }
      }
      .sheet(isPresented: isRenaming) {
        if let destination = store.scope(state: \.destination, action: \.destination),
          let rename = destination.scope(state: \.rename, action: \.rename)
        {
          RenameSheet(store: rename)
        }
      }
      .confirmationDialog(
        store, state: \.destination?.confirmDeletion, action: \.destination,
        embed: { .confirmDeletion($0) }
      )
      .alert(store, state: \.destination?.alert, action: \.destination, embed: { .alert($0) })
    }
  }

  /// The rename sheet: a text field bound to the name, Save and Cancel.
  struct RenameSheet: View {
    let store: Store<RenamePlace.State, RenamePlace.Action>

    var body: some View {
      NavigationStack {
        Form {
          TextField(
            "Name",
            text: store.binding(\.name, action: RenamePlace.Action.allCasePaths.binding).swiftUI)
        }
        .navigationTitle("Rename")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Cancel") { store.send(.cancelTapped) }
          }
          ToolbarItem(placement: .confirmationAction) {
            Button("Save") { store.send(.saveTapped) }
          }
        }
      }
    }
  }
#endif
