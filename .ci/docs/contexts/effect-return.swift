// The effect a reducer returns, with what the text around it names.
struct Analytics: Sendable { func track(_ event: String) async {} }
struct Database: Sendable { func save() async throws {} }
struct SearchID: Hashable, Sendable {}
enum Refresh { enum Action: Sendable { case refresh, didStart, saved } }
@MainActor func _example(
  analytics: Analytics, db: Database, ids: [SearchID], effect: Effect<Refresh.Action>,
  steps: [@Sendable () async throws -> Void], save: Effect<Refresh.Action>
) -> Effect<Refresh.Action> {
  // «example»
}
