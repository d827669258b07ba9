import AddLocationFeature
import Tide
import TideExplore

extension AddLocation {
  /// What must hold in every state of the search screen.
  ///
  /// ```swift
  /// await AddLocation.explorer().exhaustive(depth: 6).expectNoFailure()
  /// ```
  public static let invariants: [Invariant<State, Action>] = [
    .always("the listed results belong to the current query once a search ends") { state in
      let term = state.query.trimmingWhitespace
      return state.isSearching
        || state.locations.allSatisfy { $0.name.hasPrefix(term) && !term.isEmpty }
    },
    .always("an empty query lists nothing and searches nothing") { state, running in
      !state.query.trimmingWhitespace.isEmpty
        || (state.locations.isEmpty && !state.isSearching && running.isEmpty)
    },
    .always("isSearching implies a search is running") { state, running in
      !state.isSearching || !running.isEmpty
    },
  ]

  /// The actions the explorer tries on the search screen, simplest first.
  ///
  /// ```swift
  /// let actions = AddLocation.explorationActions(AddLocation.State())
  /// ```
  ///
  /// - Parameters:
  ///   - state: The current state.
  public static func explorationActions(_ state: State) -> [Action] {
    [.queryChanged(""), .queryChanged("Br"), .queryChanged("Bru"), .locationTapped(index: 0)]
  }

  /// An explorer of the search screen with its invariants, explorable environment and the
  /// expressions an exported test uses.
  ///
  /// ```swift
  /// let report = await AddLocation.explorer().exhaustive(depth: 6)
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: The reducer to explore; the feature's own by default.
  ///   - reducerExpression: How an exported test names that reducer.
  @MainActor
  public static func explorer(
    reducer: Reducer<State, Action, Environment> = AddLocation.reducer,
    reducerExpression: String = "AddLocation.reducer"
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "add location", initialState: State(), reducer: reducer,
      environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: explorationActions, invariants: invariants,
      export: ExploreExport(
        imports: ["AddLocationFeature", "FeatureTools"], reducer: reducerExpression,
        environment: "AddLocation.Environment.explorable(calls: calls, clock: clock)",
        invariants: "AddLocation.invariants", initialState: "AddLocation.State()"))
  }
}
