import Tide

extension AddLocation {
  /// What the add-location screen shows: a front renders only this, and sends ``Action``s.
  ///
  /// <!-- example: given store: Store<AddLocation.State, AddLocation.Action> -->
  /// ```swift
  /// let view = AddLocation.ViewState(store.state)
  /// view.rows.first?.title     // "Brussels"
  /// view.rows.first?.subtitle  // "Belgium"
  /// view.rows.first?.isSaved   // true once Brussels is saved
  /// ```
  public struct ViewState: Equatable, Sendable {
    /// One row of results.
    public struct Row: Equatable, Sendable, Identifiable {
      /// The place's identifier.
      public var id: Int
      /// The place's name: "Brussels".
      public var title: String
      /// The country's name: "Belgium".
      public var subtitle: String
      /// Whether the place is among the saved ones: the row shows an "already saved" mark.
      public var isSaved: Bool

      /// Creates a row.
      ///
      /// - Parameters:
      ///   - id: The place's identifier.
      ///   - title: The place's name.
      ///   - subtitle: The country's name.
      ///   - isSaved: Whether the place is saved already.
      public init(id: Int, title: String, subtitle: String, isSaved: Bool = false) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.isSaved = isSaved
      }
    }

    /// The search field's text.
    public var query: String
    /// The result rows.
    public var rows: [Row]
    /// What to show instead of rows when there are none, if anything.
    public var emptyMessage: String?
    /// Whether the searching indicator spins.
    public var isSearchingIndicatorVisible: Bool
    /// An error line, if the last search or tap failed.
    public var errorMessage: String?

    /// Projects the state into what the screen shows.
    ///
    /// - Parameters:
    ///   - state: The add-location state.
    public init(_ state: State) {
      query = state.query
      let saved = state.savedLocations.value
      rows = state.locations.map {
        Row(
          id: $0.id, title: $0.name, subtitle: $0.countryName, isSaved: saved.containsPlace($0))
      }
      isSearchingIndicatorVisible = state.isSearching
      errorMessage = state.errorMessage
      let term = state.query.trimmingWhitespace
      if !rows.isEmpty || state.isSearching {
        emptyMessage = nil
      } else if term.isEmpty {
        emptyMessage = "Type the name of a city."
      } else {
        emptyMessage = "No places match “\(term)”."
      }
    }
  }
}
