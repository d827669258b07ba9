import Tide
import TideInspect

/// A small feature with every kind of effect, for exercising the TestStore.
enum Search {
  struct State: Equatable, Redacting {
    var query = ""
    var results: [String] = []
    var isSearching = false
    var log: [String] = []
    var token = "t0ken"
    static let redactedLabels: Set<String> = ["token"]
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchResponse([String])
    case searchFailed(String)
    case cancelTapped
    case refreshTapped
    case refreshed(Int)
    case pingTapped
    case pong
    case noop
  }

  struct Environment {
    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration>
  }

  enum CancelID { case search }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
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
  static func test(clock: TestClockLike) -> Self {
    Self(search: { query in ["\(query) 1", "\(query) 2"] }, clock: clock)
  }
}

typealias TestClockLike = any Clock<Duration>
