import Tide
import TideInspect

/// A small search feature with every kind of effect: the one the runtime's and the harness's tests
/// and the Testing playground share.
///
/// A query is debounced by 300 ms on the injected clock, then searched; an empty query clears the
/// results and cancels the search; `refreshTapped` merges a timer with a concatenation, and
/// `pingTapped` answers with a synchronous `.send`.
///
/// ```swift
/// let store = TestStore(
///   initialState: Search.State(), reducer: Search.reducer, environment: .test(clock: clock))
/// ```
public enum Search {
  /// The query, its results, and a log of what happened; `token` is redacted when printed.
  public struct State: Equatable, Redacting {
    /// What the user typed.
    public var query = ""
    /// The results of the last search.
    public var results: [String] = []
    /// Whether a search is pending.
    public var isSearching = false
    /// What happened, in order.
    public var log: [String] = []
    /// A secret the inspector redacts.
    public var token = "t0ken"
    /// Labels the inspector hides.
    public static let redactedLabels: Set<String> = ["token"]

    /// Creates the initial state.
    public init() {}
  }

  /// Everything the feature handles.
  public enum Action: Equatable, Sendable {
    /// The query field changed.
    case queryChanged(String)
    /// The search answered.
    case searchResponse([String])
    /// The search failed.
    case searchFailed(String)
    /// The cancel button was tapped.
    case cancelTapped
    /// The refresh button was tapped.
    case refreshTapped
    /// One part of the refresh finished.
    case refreshed(Int)
    /// The ping button was tapped.
    case pingTapped
    /// The answer to a ping.
    case pong
    /// Changes nothing.
    case noop
  }

  /// The search service and the clock the debounce waits on.
  public struct Environment: Sendable {
    /// Searches for a query.
    public var search: @Sendable (String) async throws -> [String]
    /// The clock the debounce and timers wait on.
    public var clock: any Clock<Duration>

    /// Creates an environment.
    ///
    /// - Parameters:
    ///   - search: The search service.
    ///   - clock: The clock the debounce and timers wait on.
    public init(
      search: @escaping @Sendable (String) async throws -> [String], clock: any Clock<Duration>
    ) {
      self.search = search
      self.clock = clock
    }
  }

  /// The identifier the search is cancellable by.
  public enum CancelID: Sendable {
    /// The debounced search.
    case search
  }

  /// The feature's reducer.
  public static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .queryChanged(let query):
      state.query = query
      guard !query.isEmpty else {
        state.results = []
        state.isSearching = false
        return .cancel(id: CancelID.search)
      }
      state.isSearching = true
      return .run(name: "search") { send in
        await send(.searchResponse(try await environment.search(query)))
      } catch: { error, send in
        await send(.searchFailed("\(error)"))
      }
      .debounce(id: CancelID.search, for: .milliseconds(300), clock: environment.clock)

    case .searchResponse(let results):
      state.isSearching = false
      state.results = results
      return .none

    case .searchFailed(let message):
      state.isSearching = false
      state.log.append(message)
      return .none

    case .cancelTapped:
      state.isSearching = false
      return .cancel(id: CancelID.search)

    case .refreshTapped:
      return .merge(
        .run(name: "first") { send in
          try await environment.clock.sleep(for: .seconds(1))
          await send(.refreshed(1))
        },
        .concatenate(
          .run(name: "second") { send in await send(.refreshed(2)) },
          .run(name: "third") { send in
            try await environment.clock.sleep(for: .seconds(2))
            await send(.refreshed(3))
          }
        )
      )

    case .refreshed(let step):
      state.log.append("refreshed \(step)")
      return .none

    case .pingTapped:
      return .send(.pong)

    case .pong:
      state.log.append("pong")
      return .none

    case .noop:
      return .none
    }
  }
}

extension Search.Environment {
  /// A search that answers `"<query> 1"` and `"<query> 2"` at once.
  ///
  /// - Parameters:
  ///   - clock: The clock the debounce waits on.
  public static func test(clock: any Clock<Duration>) -> Self {
    Self(search: { query in ["\(query) 1", "\(query) 2"] }, clock: clock)
  }
}
