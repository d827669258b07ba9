import Tide

extension StressScenarios {
  /// Random graphs of synchronous `.send`s, nested in `.merge` and `.concatenate`: the live
  /// store reduces them first in, first out, exactly as a model queue does.
  ///
  /// - Parameters:
  ///   - trials: How many graphs.
  ///   - seed: Picks the graphs.
  static func queueOrderMatchesTheModel(trials: Int, seed: UInt64) async -> StressReport {
    var report = StressReport(
      name: "first in, first out", size: "\(trials) random graphs of sends, seed \(seed)")
    var random = SeededRandom(seed: seed)
    var reduced = 0
    var violations: [String] = []
    report.seconds = await elapsedSeconds {
      for trial in 0..<trials {
        // Node n sends its children, in order, through a random nesting of merges and
        // concatenations; every node but the root has one parent, so the graph is a tree.
        let count = Int.random(in: 1...200, using: &random)
        var children = [[Int]](repeating: [], count: count)
        for node in 1..<max(count, 1) {
          children[Int.random(in: 0..<node, using: &random)].append(node)
        }
        var shapes: [Effect<Int>] = []
        for node in 0..<count {
          shapes.append(Self.nested(children[node].map { Effect<Int>.send($0) }, using: &random))
        }
        let effects = shapes
        let reducer = Reducer<[Int], Int, Void> { log, node, _ in
          log.append(node)
          return effects[node]
        }
        var expected: [Int] = []
        var queue = [0]
        var head = 0
        while head < queue.count {
          expected.append(queue[head])
          queue += children[queue[head]]
          head += 1
        }
        let store = Store(initialState: [], reducer: reducer, environment: ())
        store.send(0)
        reduced += store.state.count
        if store.state != expected {
          violations.append("trial \(trial): reduced \(store.state), the model \(expected)")
        }
      }
    }
    report.details = ["actions reduced: \(reduced)"]
    report.violations = violations
    return report
  }

  /// `effects` nested at random in `.merge` and `.concatenate`, keeping their order.
  private static func nested(
    _ effects: [Effect<Int>], using random: inout SeededRandom
  ) -> Effect<Int> {
    if effects.count <= 1 { return effects.first ?? .none }
    let cut = Int.random(in: 1..<effects.count, using: &random)
    let parts = [
      nested(Array(effects[..<cut]), using: &random),
      nested(Array(effects[cut...]), using: &random),
    ]
    return Bool.random(using: &random) ? .merge(parts) : .concatenate(parts)
  }

  /// Effects on the global executor whose actions start more effects, two at each level, while
  /// the main actor cancels the send's `StoreTask` at a random moment: no action of the tree is
  /// reduced once the cancellation has been, and no effect of it is left running.
  ///
  /// - Parameters:
  ///   - trials: How many stores to try.
  ///   - seed: Picks the moment of each cancellation.
  static func cancellingATreeIsFinal(trials: Int, seed: UInt64) async -> StressReport {
    var report = StressReport(
      name: "cancelling a send's tree is final", size: "\(trials) trials, seed \(seed)")
    var random = SeededRandom(seed: seed)
    var before = 0
    var after = 0
    var leftRunning = 0
    report.seconds = await elapsedSeconds {
      for _ in 0..<trials {
        let stopped = Lock(false)
        // An action is its depth in the tree; each below the ninth level starts two more.
        let reducer = Reducer<TickState, Int, Void> { state, depth, _ in
          if stopped.withLock({ $0 }) { state.after += 1 } else { state.before += 1 }
          guard depth < 9 else { return .none }
          return .merge(
            (0..<2).map { _ in
              Effect<Int>.run { send in
                await Task.yield()
                await send(depth + 1)
              }
            })
        }
        let store = Store(initialState: TickState(), reducer: reducer, environment: ())
        let task = store.send(0)
        for _ in 0..<Int.random(in: 0..<80, using: &random) { await Task.yield() }
        stopped.withLock { $0 = true }
        task.cancel()
        await task.finish()
        // Let whatever was already on its way to the main actor arrive.
        for _ in 0..<20 { await Task.yield() }
        before += store.state.before
        after += store.state.after
        leftRunning += store.runningEffects.count
      }
    }
    report.details = [
      "actions reduced before the cancellation: \(before)",
      "actions reduced after it: \(after)",
      "effects left running: \(leftRunning)",
    ]
    if after > 0 {
      report.violations.append("\(after) actions of cancelled trees were reduced")
    }
    if leftRunning > 0 {
      report.violations.append("\(leftRunning) effects of cancelled trees were still running")
    }
    return report
  }
}
