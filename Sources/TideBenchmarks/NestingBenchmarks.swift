import Tide

/// One level of a nested domain: a child's state and actions inside a parent's, as an app nests
/// screens. Level 0 is the leaf, a counter.
struct Level<Child: Equatable>: Equatable {
  var child: Child
  var other = 0
}

/// An optional child, as a sheet or a screen that comes and goes.
struct OptionalLevel<Child: Equatable>: Equatable {
  var child: Child?
  var other = 0
}

enum LevelAction<ChildAction: Sendable>: Sendable {
  case child(ChildAction)
  case other
}

/// Builds one level over `child`: its own reducer does nothing with `.child`, as a parent
/// usually does, and the child's reducer is pulled back (or run with `ifLet`).
func levelPath<ChildAction: Sendable>() -> CasePath<LevelAction<ChildAction>, ChildAction> {
  CasePath(
    embed: LevelAction.child,
    extract: { if case .child(let action) = $0 { action } else { nil } })
}

func parentReducer<State, ChildAction: Sendable>() -> Reducer<State, LevelAction<ChildAction>, Void>
{
  Reducer { _, action, _ in
    if case .other = action { return .none }
    return .none
  }
}

typealias A1 = LevelAction<BenchAction>
typealias A2 = LevelAction<A1>
typealias A3 = LevelAction<A2>
typealias A4 = LevelAction<A3>
typealias A5 = LevelAction<A4>
typealias O1 = OptionalLevel<Int>
typealias O2 = OptionalLevel<O1>
typealias O3 = OptionalLevel<O2>
typealias O4 = OptionalLevel<O3>
typealias O5 = OptionalLevel<O4>
typealias NestedIfLetsStore = Store<O5, A5>

/// The counter at the bottom of the nested domains.
let leaf = Reducer<Int, BenchAction, Void> { count, _, _ in
  count &+= 1
  return .none
}

/// The leaf's action, five levels down.
let nestedAction = A5.child(.child(.child(.child(.child(.increment)))))

/// Five optional children, each run with `ifLet` and present.
@MainActor
func nestedIfLets() -> NestedIfLetsStore {
  let o1 = (parentReducer() as Reducer<O1, A1, Void>).ifLet(
    \O1.child, action: levelPath(), environment: { $0 }, child: leaf)
  let o2 = (parentReducer() as Reducer<O2, A2, Void>).ifLet(
    \O2.child, action: levelPath(), environment: { $0 }, child: o1)
  let o3 = (parentReducer() as Reducer<O3, A3, Void>).ifLet(
    \O3.child, action: levelPath(), environment: { $0 }, child: o2)
  let o4 = (parentReducer() as Reducer<O4, A4, Void>).ifLet(
    \O4.child, action: levelPath(), environment: { $0 }, child: o3)
  let o5 = (parentReducer() as Reducer<O5, A5, Void>).ifLet(
    \O5.child, action: levelPath(), environment: { $0 }, child: o4)
  return Store(
    initialState: O5(child: O4(child: O3(child: O2(child: O1(child: 0))))), reducer: o5,
    environment: ())
}

/// Sends through five nested domains, each a `pullback` (or an `ifLet`), against a root send of
/// the same leaf action in the same run.
@MainActor
func nestingBenchmarks(sends: Int) -> [BenchmarkRow] {
  typealias L1 = Level<Int>
  typealias L2 = Level<L1>
  typealias L3 = Level<L2>
  typealias L4 = Level<L3>
  typealias L5 = Level<L4>

  let r1 = Reducer.combine(
    leaf.pullback(state: \L1.child, action: levelPath(), environment: { $0 }), parentReducer())
  let r2 = Reducer.combine(
    r1.pullback(state: \L2.child, action: levelPath(), environment: { $0 }), parentReducer())
  let r3 = Reducer.combine(
    r2.pullback(state: \L3.child, action: levelPath(), environment: { $0 }), parentReducer())
  let r4 = Reducer.combine(
    r3.pullback(state: \L4.child, action: levelPath(), environment: { $0 }), parentReducer())
  let r5 = Reducer.combine(
    r4.pullback(state: \L5.child, action: levelPath(), environment: { $0 }), parentReducer())
  let nested = Store(
    initialState: L5(child: L4(child: L3(child: L2(child: L1(child: 0))))), reducer: r5,
    environment: ())
  let action = nestedAction
  // Each against a root send of its own, in alternating rounds: the two then share the
  // machine's phase, which on a shared machine moves a root send by 15% within one run.
  let root = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
  let sendAtRoot = { for _ in 0..<sends { root.send(.increment) } }
  let (pullbackRoot, pullbackTime) = measureAlternating(operations: sends, sendAtRoot) {
    for _ in 0..<sends { nested.send(action) }
  }

  let optional = nestedIfLets()
  let (ifLetRoot, ifLetTime) = measureAlternating(operations: sends, sendAtRoot) {
    for _ in 0..<sends { optional.send(action) }
  }

  return [
    BenchmarkRow(
      group: "runtime", name: "action through 5 nested pullbacks", nanoseconds: pullbackTime,
      baseline: "Store.send, 0 observers", pairedBaseline: pullbackRoot,
      target: .ratio(atMost: 3, "≤ 3× root send"),
      note: "a parent reducer combined at each level"),
    BenchmarkRow(
      group: "runtime", name: "action through 5 nested ifLets", nanoseconds: ifLetTime,
      baseline: "Store.send, 0 observers", pairedBaseline: ifLetRoot,
      target: .ratio(atMost: 2.5, "≤ 2.5× root send (issue 33)"),
      note: "each child optional and present"),
  ]
}
