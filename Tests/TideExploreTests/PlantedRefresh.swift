import Tide
import TideExplore

/// A planted bug that only the newer of two calls answered first shows: a refresh that shows
/// whichever response comes last, even one older than what is on screen. Its shortest schedule
/// resolves the second `fetch` before the first, so the test the explorer exports must resolve
/// the exact call it resolved (`number: 2`), not the oldest one waiting.
enum Refresh {
  struct State: Equatable {
    /// How many refreshes were asked for.
    var requested = 0
    /// Which refresh the screen shows, if any.
    var shown: Int?
  }

  enum Action: Equatable, Sendable {
    case refreshTapped
    case loaded(Int)
  }

  struct Environment {
    var fetch: @Sendable (Int) async throws -> Int
  }

  static func explorable(calls: ExploreCalls) -> Environment {
    Environment(fetch: { request in
      try await calls.call("fetch", request, outcomes: [.success(request)])
    })
  }

  /// Shows every response, the older ones that come late too.
  static let showsStaleResponses = refresh { state, request in
    state.shown = request
  }

  /// Shows a response only when it is newer than the one shown.
  static let reducer = refresh { state, request in
    guard request > (state.shown ?? 0) else { return }
    state.shown = request
  }

  /// The feature, with what a response to refresh `request` does to the state.
  static func refresh(
    show: @escaping @Sendable (inout State, _ request: Int) -> Void
  ) -> Reducer<State, Action, Environment> {
    Reducer { state, action, environment in
      switch action {
      case .refreshTapped:
        state.requested += 1
        let request = state.requested
        return .run(name: "fetch") { send in
          await send(.loaded(try await environment.fetch(request)))
        }
      case .loaded(let request):
        show(&state, request)
        return .none
      }
    }
  }

  static var invariants: [Invariant<State, Action>] {
    [
      .transition("the screen never goes back to an older refresh") { before, _, after in
        (after.shown ?? 0) >= (before.shown ?? 0)
      }
    ]
  }

  @MainActor
  static func explorer(
    _ reducer: Reducer<State, Action, Environment>, expression: String
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "refresh", initialState: State(), reducer: reducer,
      environment: { calls, _ in explorable(calls: calls) },
      actions: { state in state.requested < 3 ? [.refreshTapped] : [] }, invariants: invariants,
      export: ExploreExport(
        imports: [], reducer: expression, environment: "Refresh.explorable(calls: calls)",
        invariants: "Refresh.invariants"))
  }
}
