// A feature whose root holds a shared value it saves: the environment gives the clock and the
// save call.
enum Saved {
  struct State: Equatable, Sendable, SharedState {
    var saved = Shared(key: "saved", default: [String]())
    static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
  }
  enum Action: Sendable { case add(String) }
  struct Environment: Sendable {
    var clock: any Clock<Duration>
    var save: @Sendable ([String]) async throws -> Void
  }
  static let core = Reducer<State, Action, Environment> { state, action, _ in
    switch action {
    case .add(let name): state.saved.value.append(name)
    }
    return .none
  }
  static let reducer = core
  // «example»
}
