import Foundation
import Tide
import TideExplore

/// The fifth kind of planted bug: an optimistic delete that, when a request fails, rolls back
/// the wrong item. Each delete removes the row at once and asks the server; a failure puts the
/// row back.
enum Shelf {
  struct Item: Identifiable, Equatable, Sendable {
    let id: Int
  }

  struct State: Equatable {
    var items: IdentifiedArray<Item> = [Item(id: 1), Item(id: 2), Item(id: 3)]
    /// The rows removed whose request has not answered yet, newest last.
    var pending: [Item] = []
    /// The rows the server deleted.
    var deleted: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case deleteTapped(Int)
    case deleteResponse(id: Int, succeeded: Bool)
  }

  struct ServerError: Error, Equatable, Sendable {}

  struct Environment {
    var delete: @Sendable (Int) async throws -> Void
  }

  static func explorable(calls: ExploreCalls) -> Environment {
    Environment(delete: { id in
      try await calls.call("delete", id, outcomes: [.success(()), .failure(ServerError())])
    })
  }

  static func request(_ id: Int, _ environment: Environment) -> Effect<Action> {
    .run(name: "delete") { send in
      try await environment.delete(id)
      await send(.deleteResponse(id: id, succeeded: true))
    } catch: { _, send in
      await send(.deleteResponse(id: id, succeeded: false))
    }
  }

  /// Puts back the row removed last, whichever request failed.
  static let rollsBackTheWrongItem = shelf { state, _ in
    guard let item = state.pending.popLast() else { return }
    state.items.append(item)
  }

  /// Puts back the row whose request failed.
  static let reducer = shelf { state, id in
    guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return }
    state.items.append(state.pending.remove(at: index))
  }

  /// The feature, with what a failed delete of `id` does to the state.
  static func shelf(
    rollBack: @escaping @Sendable (inout State, _ id: Int) -> Void
  ) -> Reducer<State, Action, Environment> {
    Reducer { state, action, environment in
      switch action {
      case .deleteTapped(let id):
        guard let item = state.items.remove(id: id) else { return .none }
        state.pending.append(item)
        return request(id, environment)
      case .deleteResponse(let id, true):
        state.pending.removeAll { $0.id == id }
        state.deleted.append(id)
        return .none
      case .deleteResponse(let id, false):
        rollBack(&state, id)
        return .none
      }
    }
  }

  static var invariants: [Invariant<State, Action>] {
    [
      .transition("a failed delete puts back that very row") { _, action, after in
        guard case .deleteResponse(let id, false) = action else { return true }
        return after.items[id: id] != nil && !after.pending.contains { $0.id == id }
      }
    ]
  }

  @MainActor
  static func explorer(
    _ reducer: Reducer<State, Action, Environment>, expression: String
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "shelf", initialState: State(), reducer: reducer,
      environment: { calls, _ in explorable(calls: calls) },
      actions: { state in state.items.ids.map { .deleteTapped($0) } }, invariants: invariants,
      export: ExploreExport(
        imports: ["Foundation"], reducer: expression,
        environment: "Shelf.explorable(calls: calls)", invariants: "Shelf.invariants"))
  }
}
