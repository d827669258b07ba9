import Foundation
import Tide
import TideInspect
import TideREPL

/// A feature of the hostile-input tests' own: a secret, numbers of several types, an effect that
/// stays in flight until the clock moves, a synchronous follow-up and a recursive payload.
enum Vault {
  static let secret = "Hunter2Secret"

  struct State: Equatable, Redacting {
    var username = ""
    var password = ""
    var isLoading = false
    var isOpen = false
    var amount = 0.0
    var ratio: Float = 0
    var limit: UInt8 = 0
    var big: Int64 = 0
    var note: String?
    var nested: Nested?
    var pongs = 0
    static let redactedLabels: Set<String> = ["password"]
  }

  indirect enum Nested: Equatable, Sendable, Codable {
    case leaf
    case wrap(Nested)
  }

  enum Action: Equatable, Sendable, Codable, Redacting {
    case usernameChanged(String)
    case passwordChanged(String)
    case amountChanged(Double)
    case ratioChanged(Float)
    case limitChanged(UInt8)
    case bigChanged(Int64)
    case noteChanged(String?)
    case nestedChanged(Nested)
    case openTapped
    case openResponse(Bool)
    case ping
    case pong
    static let redactedLabels: Set<String> = ["passwordChanged"]
  }

  struct Environment {
    var clock: any Clock<Duration>
    var accepts: Bool
  }

  static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .usernameChanged(let text): state.username = text
    case .passwordChanged(let text): state.password = text
    case .amountChanged(let value): state.amount = value
    case .ratioChanged(let value): state.ratio = value
    case .limitChanged(let value): state.limit = value
    case .bigChanged(let value): state.big = value
    case .noteChanged(let value): state.note = value
    case .nestedChanged(let value): state.nested = value
    case .openTapped:
      state.isLoading = true
      return .run(name: "open") { [accepts = environment.accepts] send in
        try await environment.clock.sleep(for: .seconds(1))
        await send(.openResponse(accepts))
      }
    case .openResponse(let opened):
      state.isLoading = false
      state.isOpen = opened
    case .ping:
      return .send(.pong)
    case .pong:
      state.pongs += 1
    }
    return .none
  }

  @MainActor
  static var feature: REPLFeature { feature() }

  @MainActor
  static func feature(
    examples: [Action] = [.usernameChanged("ada"), .passwordChanged("Secret1"), .openTapped]
  ) -> REPLFeature {
    REPLFeature(
      name: "vault", summary: "a secret, numbers and a slow door",
      initialState: State(), reducer: reducer,
      environments: [
        REPLEnvironment(
          "demo", summary: "the door opens after a second",
          testExpression: "Vault.Environment(clock: clock, accepts: true)"
        ) { Environment(clock: $0, accepts: true) },
        REPLEnvironment(
          "locked", summary: "the door stays shut",
          testExpression: "Vault.Environment(clock: clock, accepts: false)"
        ) { Environment(clock: $0, accepts: false) },
      ],
      examples: examples,
      export: REPLTestExport(imports: ["VaultFeature"], reducer: "Vault.reducer"))
  }
}
