import Testing
import Tide
import TideExplore
import TideTestSupport

/// The explorer sees shared values as part of the state: copies agree in every state it reaches,
/// and two states that differ only in a shared value are told apart.
@MainActor
@Suite struct SharedExplorationTests {
  static func explorer(
    invariants: [Invariant<Saved.State, Saved.Action>]
  ) -> Explorer<Saved.State, Saved.Action, Void> {
    Explorer(
      name: "saved", initialState: Saved.State(), reducer: Saved.reducer,
      environment: { _, _ in },
      actions: { state in
        [
          state.search == nil ? .searchTapped : .search(.add("Oslo")), .rowAdded("Rome"),
          .clearTapped,
        ]
          + state.rows.map { .row($0.id, .toggle) }
      },
      invariants: invariants)
  }

  @Test func everyCopyAgreesInEveryStateReached() async {
    let report = await Self.explorer(invariants: [
      .always("every copy of the saved names agrees") { state in
        Set(Saved.copies(state)).count <= 1
      }
    ]).exhaustive(depth: 4)
    #expect(report.failure == nil, "\(report.failure?.message ?? "")")
    #expect((report.states?.distinct ?? 0) > 10)
  }

  /// A state reached only by changing the shared value is a state of its own: the explorer
  /// finds the schedule that saves Rome from its row, seen only in the shared copies.
  @Test func aStateThatDiffersOnlyInASharedValueIsNew() async throws {
    let report = await Self.explorer(invariants: [
      .always("Rome is never saved") { !$0.saved.value.contains("Rome") }
    ]).exhaustive(depth: 3)
    let failure = try #require(report.failure)
    #expect(
      failure.schedule.map(\.description) == [
        #"send .rowAdded("Rome")"#, #"send .row("Rome", .toggle)"#,
      ])
  }

  /// An action made from the state carries the state's copy; in the failure's schedule and its
  /// exported test that copy is written `default:`, so that typed or compiled it takes the
  /// others' value as it did in the run (`value:` would give it the upper hand).
  @Test func aCopyAnActionTakesFromTheStateIsWrittenAsOneThatJoins() async throws {
    let explorer = Explorer(
      name: "saved", initialState: Saved.State(), reducer: Saved.reducer,
      environment: { _, _ in },
      actions: { state in
        var row = Saved.Row.State(id: "Lima")
        row.saved = state.saved
        return [.rowAdded("Rome"), .path(.push(id: state.path.nextID, state: row))]
      },
      invariants: [.always("nothing is pushed") { $0.path.isEmpty }],
      export: ExploreExport(
        imports: ["TideTestSupport"], reducer: "Saved.reducer", environment: "()",
        invariants: "[]"))
    let report = await explorer.exhaustive(depth: 2)
    let failure = try #require(report.failure)
    let push =
      #"send .path(.push(id: 0, state: Saved.Row.State(id: "Lima", saved: Shared<Array<String>>(key: "saved", default: []))))"#
    #expect(failure.schedule.map(\.description) == [push])
    let test = try #require(failure.test)
    #expect(test.contains(#"Shared<Array<String>>(key: "saved", default: [])"#), "\(test)")
  }
}
