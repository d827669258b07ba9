import Testing
import TideTestSupport

@testable import Tide

/// A key-path observer tells exactly what a closure observer of the same path tells, for stored,
/// nested, optional and computed paths alike (the benchmarks compare their costs, issue 33, §6).
@MainActor
@Suite struct ObserveKeyPathTests {
  typealias State = ObservationTrackingTests.State
  typealias Action = ObservationTrackingTests.Action

  /// Observes `path` both ways through the same actions, and compares what each was told.
  func expectSame<Value: Equatable & Sendable>(
    _ path: KeyPath<State, Value>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let store = Store(
      initialState: State(), reducer: ObservationTrackingTests.reducer, environment: ())
    let byPath = ValueLog<Value>()
    let byClosure = ValueLog<Value>()
    let observations = [
      store.observe(path) { byPath.append($0) },
      store.observe({ $0[keyPath: path] }, onChange: { byClosure.append($0) }),
    ]
    let actions: [Action] = [
      .draftChanged("a"), .left(.increment), .home(.retitled("x")), .dismissHome,
      .draftChanged(""), .presentHome, .left(.increment), .row(1, .rename("r")), .synced,
    ]
    for action in actions { store.send(action) }
    #expect(byPath.all == byClosure.all, sourceLocation: sourceLocation)
    #expect(byPath.all.count > 1, sourceLocation: sourceLocation)
    for observation in observations { observation.cancel() }
  }

  @Test func everyKindOfPathTellsWhatAClosureTells() {
    expectSame(\.draft)
    expectSame(\.left.count)
    expectSame(\.left)
    expectSame(\.sync)
    expectSame(\.home?.title)  // through an optional: the key path
    expectSame(\.draftIsEmpty)  // computed: the key path
    expectSame(\.rows[id: 1]?.title)
    expectSame(\.self)
  }
}
