import Tide
import TideTesting

extension StressScenarios {
  /// A random tree of effects: what a step returns in ``liveAndTestStoresAgree(trials:seed:)``.
  indirect enum EffectTree: Sendable {
    case send(Int)
    case run(Int, yields: Int)
    case merge([EffectTree])
    case concatenate([EffectTree])

    static func random(depth: Int, next: inout Int, using generator: inout SeededRandom) -> Self {
      let kind = Int.random(in: 0...(depth == 0 ? 1 : 3), using: &generator)
      switch kind {
      case 0:
        next += 1
        return .send(next)
      case 1:
        next += 1
        return .run(next, yields: Int.random(in: 0...3, using: &generator))
      default:
        let children = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          Self.random(depth: depth - 1, next: &next, using: &generator)
        }
        return kind == 2 ? .merge(children) : .concatenate(children)
      }
    }

    var effect: Effect<Order> {
      switch self {
      case .send(let leaf):
        return .send(.leaf(leaf))
      case .run(let leaf, let yields):
        return .run { send in
          for _ in 0..<yields { await Task.yield() }
          await send(.leaf(leaf))
        }
      case .merge(let children):
        return .merge(children.map(\.effect))
      case .concatenate(let children):
        return .concatenate(children.map(\.effect))
      }
    }
  }

  enum Order: Equatable, Sendable {
    case start
    case leaf(Int)
    case followUp(Int)
  }

  /// Random trees of `.send`, `.run`, `.merge` and `.concatenate` (whose leaves sometimes send a
  /// follow-up of their own) run in a live store on a clock and in a `TestStore`: the test
  /// store receives the actions in exactly the order the live store reduces them.
  ///
  /// - Parameters:
  ///   - trials: How many trees.
  ///   - seed: Picks the trees.
  static func liveAndTestStoresAgree(trials: Int, seed: UInt64) async -> StressReport {
    var report = StressReport(
      name: "live and test stores agree", size: "\(trials) random effect trees, seed \(seed)")
    var random = SeededRandom(seed: seed)
    var actions = 0
    var violations: [String] = []
    report.seconds = await elapsedSeconds {
      for trial in 0..<trials {
        var next = 0
        let tree = EffectTree.random(depth: 3, next: &next, using: &random)
        let reducer = Reducer<[Int], Order, Void> { log, action, _ in
          switch action {
          case .start:
            return tree.effect
          case .leaf(let leaf):
            log.append(leaf)
            return leaf % 3 == 0 ? .send(.followUp(leaf)) : .none
          case .followUp(let leaf):
            log.append(-leaf)
            return .none
          }
        }
        let clock = ManualClock()
        let live = Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
        live.send(.start)
        await clock.runReadyWork()

        let failures = Lock<[String]>([])
        var tested: [Int] = []
        await TestFailure.collecting({ report in
          failures.withLock { $0.append(report.message) }
        }) {
          let store = TestStore(initialState: [], reducer: reducer, environment: ())
          store.exhaustivity = .off
          await store.send(.start)
          while let received = store.receivedActions.first {
            await store.receive(received)
          }
          await store.finish()
          tested = store.state
        }
        actions += live.state.count
        if live.state != tested || !failures.withLock(\.isEmpty) {
          violations.append(
            "trial \(trial) \(tree): live \(live.state), test store \(tested), failures \(failures.withLock { $0 })"
          )
        }
      }
    }
    report.details = ["actions compared: \(actions)"]
    report.violations = violations
    return report
  }
}
