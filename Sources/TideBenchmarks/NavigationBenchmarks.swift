import Tide

/// A level whose child is presented: its action carries the child's in a `PresentationAction`.
enum PresentedLevelAction<ChildAction: Sendable>: Sendable {
  case child(PresentationAction<ChildAction>)
  case other
}

func presentedPath<ChildAction: Sendable>() -> CasePath<
  PresentedLevelAction<ChildAction>, PresentationAction<ChildAction>
> {
  CasePath(
    embed: PresentedLevelAction.child,
    extract: { if case .child(let action) = $0 { action } else { nil } })
}

/// A screen of a stack: a counter that identifies itself, as a place's screen does.
struct BenchScreen: Equatable, Sendable, Identifiable {
  var id: Int
  var count = 0
}

struct BenchStack: Equatable {
  var path = StackState<BenchScreen>()
}

enum BenchStackAction: Sendable {
  case path(StackAction<BenchScreen, BenchAction>)
}

/// Sends through five nested presentations, and to one screen of a 100-screen stack, against a
/// root send of the same leaf action in the same run.
@MainActor
func navigationBenchmarks(sends: Int) -> [BenchmarkRow] {
  typealias O1 = OptionalLevel<BenchScreen>
  typealias O2 = OptionalLevel<O1>
  typealias O3 = OptionalLevel<O2>
  typealias O4 = OptionalLevel<O3>
  typealias O5 = OptionalLevel<O4>
  typealias P1 = PresentedLevelAction<BenchAction>
  typealias P2 = PresentedLevelAction<P1>
  typealias P3 = PresentedLevelAction<P2>
  typealias P4 = PresentedLevelAction<P3>
  typealias P5 = PresentedLevelAction<P4>
  func parent<State, ChildAction>() -> Reducer<State, PresentedLevelAction<ChildAction>, Void> {
    Reducer { _, _, _ in .none }
  }
  let leaf = Reducer<BenchScreen, BenchAction, Void> { screen, _, _ in
    screen.count &+= 1
    return .none
  }
  let p1 = (parent() as Reducer<O1, P1, Void>).ifLet(
    \O1.child, action: presentedPath(), environment: { $0 }, child: leaf)
  let p2 = (parent() as Reducer<O2, P2, Void>).ifLet(
    \O2.child, action: presentedPath(), environment: { $0 }, child: p1)
  let p3 = (parent() as Reducer<O3, P3, Void>).ifLet(
    \O3.child, action: presentedPath(), environment: { $0 }, child: p2)
  let p4 = (parent() as Reducer<O4, P4, Void>).ifLet(
    \O4.child, action: presentedPath(), environment: { $0 }, child: p3)
  let p5 = (parent() as Reducer<O5, P5, Void>).ifLet(
    \O5.child, action: presentedPath(), environment: { $0 }, child: p4)
  let presented = Store(
    initialState: O5(child: O4(child: O3(child: O2(child: O1(child: BenchScreen(id: 1)))))),
    reducer: p5, environment: ())
  let a1 = P1.child(.presented(.increment))
  let a2 = P2.child(.presented(a1))
  let a3 = P3.child(.presented(a2))
  let a4 = P4.child(.presented(a3))
  let action = P5.child(.presented(a4))
  let presentedTime = measure(operations: sends) {
    for _ in 0..<sends { presented.send(action) }
  }

  let stack = Reducer<BenchStack, BenchStackAction, Void> { _, _, _ in .none }
    .forEach(
      \.path,
      action: CasePath(
        embed: BenchStackAction.path,
        extract: { if case .path(let action) = $0 { action } else { nil } }),
      environment: { $0 }, child: leaf)
  var screens = BenchStack()
  for id in 0..<100 { screens.path.append(BenchScreen(id: id)) }
  let stackStore = Store(initialState: screens, reducer: stack, environment: ())
  let screenAction = BenchStackAction.path(.element(id: 50, action: .increment))
  let stackTime = measure(operations: sends) {
    for _ in 0..<sends { stackStore.send(screenAction) }
  }

  return [
    BenchmarkRow(
      group: "runtime", name: "action through 5 nested presentations", nanoseconds: presentedTime,
      baseline: "Store.send, 0 observers",
      note: "each child presented; the innermost Identifiable, its id read before and after"),
    BenchmarkRow(
      group: "runtime", name: "action to one screen of a 100-screen stack",
      nanoseconds: stackTime, baseline: "Store.send, 0 observers",
      note: "found by binary search; compare the element action of an IdentifiedArray"),
  ]
}
