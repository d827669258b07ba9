import Testing
import TideTestSupport

@testable import Tide

/// What a combine's look at its operators' children must get right: each cancellation once,
/// however many combines look, and the removals a collection's bulk edits make.
@MainActor
@Suite struct CombinedChildWatchTests {
  typealias Host = OrphanedEffectTests.Host
  typealias HostAction = OrphanedEffectTests.HostAction

  /// The parent of the ifLet removes the detail itself (the operator's own case).
  static func parentClosing(clock: ManualClock) -> Reducer<Host, HostAction, Void> {
    Reducer<Host, HostAction, Void> { state, action, _ in
      if action == .closeDetail { state.detail = nil }
      if case .removeRow(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .ifLet(
      \.detail, action: CasePath(HostAction.detail), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock)
    )
    .forEach(
      \.rows, action: CasePath(HostAction.row), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
  }

  static let noop = Reducer<Host, HostAction, Void> { _, _, _ in .none }

  @Test func theOperatorsOwnCancellationIsNotRepeatedByTheCombine() {
    let clock = ManualClock()
    let reducer = Reducer.combine(Self.parentClosing(clock: clock), Self.noop)
    var state = Host()
    let effect = reducer.reduce(into: &state, action: .closeDetail, environment: ())
    #expect("\(effect)" == ".cancel(id: ifLet(\\Host.detail))")
    var state2 = Host()
    let effect2 = reducer.reduce(into: &state2, action: .removeRow(1), environment: ())
    #expect("\(effect2)" == ".cancel(id: forEach(\\Host.rows)[id: 1])")
  }

  @Test func nestedCombinesSayEachCancellationOnce() {
    let clock = ManualClock()
    let reducer = Reducer.combine(
      Reducer.combine(Self.parentClosing(clock: clock), Self.noop), Self.noop)
    var state = Host()
    let effect = reducer.reduce(into: &state, action: .closeDetail, environment: ())
    #expect("\(effect)" == ".cancel(id: ifLet(\\Host.detail))")
  }

  static let bulkSibling = Reducer<Host, HostAction, Void> { state, action, _ in
    switch action {
    case .removeRow(let id):
      // What SwiftUI's onDelete hands over.
      state.rows.remove(atOffsets: [state.rows.index(id: id)!])
    case .replaceRows:
      state.rows.removeAll { $0.id == 1 }
    default: break
    }
    return .none
  }

  @Test(arguments: [false, true])
  func aSiblingsBulkRemovalCancelsAtOnce(predicate: Bool) async {
    let clock = ManualClock()
    let store = Store(
      initialState: Host(),
      reducer: .combine(OrphanedEffectTests.operators(clock: clock), Self.bulkSibling),
      environment: (), drivenBy: clock)
    store.send(.row(id: 1, action: .start))
    #expect(store.runningEffects.count == 1)
    store.send(predicate ? .replaceRows : .removeRow(1))
    #expect(store.state.rows.ids == [2])
    #expect(store.runningEffects.isEmpty, "row 1's timer still running after its removal")
  }

  /// An app that pulls the screen back and closes its children from its own reducer, combined
  /// beside it: the pullback hands the screen's children to the app's combine.
  struct Outer: Equatable {
    var host = Host()
  }
  enum OuterAction: Equatable, Sendable {
    case host(HostAction)
    case closeEverything
  }

  @Test func aReducerAboveThePullbackCancelsWhatItRemovesAtOnce() async {
    let clock = ManualClock()
    let closer = Reducer<Outer, OuterAction, Void> { state, action, _ in
      if action == .closeEverything {
        state.host.detail = nil
        state.host.rows = []
        state.host.path = StackState()
      }
      return .none
    }
    let app = Reducer.combine(
      OrphanedEffectTests.operators(clock: clock).pullback(
        state: \.host, action: CasePath(OuterAction.host), environment: { $0 }),
      closer)
    let store = Store(initialState: Outer(), reducer: app, environment: (), drivenBy: clock)
    store.send(.host(.detail(.start)))
    store.send(.host(.row(id: 1, action: .start)))
    store.send(.host(.path(.element(id: 0, action: .start))))
    #expect(store.runningEffects.count == 3)
    var state = Outer()
    let effect = app.reduce(into: &state, action: .closeEverything, environment: ())
    #expect(
      "\(effect)"
        == ".merge(.cancel(id: ifLet(\\Host.detail)), .cancel(id: forEach(\\Host.rows)[id: 1]), .cancel(id: forEach(\\Host.rows)[id: 2]), .cancel(id: forEach(\\Host.path)[id: 0]))"
    )
    store.send(.closeEverything)
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(2))
    #expect(store.state.host.rows.isEmpty)
  }
}
