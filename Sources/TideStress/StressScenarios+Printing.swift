import Foundation
import Tide
import TideInspect
import TideTesting

extension StressScenarios {
  /// A node of an object graph that refers back to itself.
  final class Cycle: @unchecked Sendable, Equatable {
    var next: Cycle?
    let payload: [Int]

    init(payload: [Int]) {
      self.payload = payload
    }

    static func == (lhs: Cycle, rhs: Cycle) -> Bool { lhs === rhs }
  }

  enum Payload: Equatable, Sendable {
    case cyclic(Cycle)
    case big([Int])
  }

  /// Payloads that once crashed or slowed the value printer: a cyclic object graph through a
  /// test store's failure message, a long concatenation's description, and a large payload in
  /// every effect started (whose description nobody reads).
  ///
  /// - Parameter elements: How large the large payload is.
  static func hostilePayloads(elements: Int) async -> StressReport {
    var report = StressReport(
      name: "hostile payloads",
      size: "a cycle, a \(min(elements, 10_000))-step chain, \(elements)-element payloads")
    let cycle = Cycle(payload: [1, 2, 3])
    cycle.next = Cycle(payload: [4])
    cycle.next?.next = cycle
    defer { cycle.next = nil }

    let reducer = Reducer<Int, Payload, Void> { count, action, _ in
      count += 1
      guard case .big(let values) = action else { return .none }
      return .run(name: "sum") { _ in _ = values.reduce(0, &+) }
    }
    let messages = Lock<[String]>([])
    report.seconds = await elapsedSeconds {
      await TestFailure.collecting({ report in
        messages.withLock { $0.append(report.message) }
      }) {
        let store = TestStore(initialState: 0, reducer: reducer, environment: ())
        // The assertion is wrong on purpose, so that the failure prints the cyclic action.
        await store.send(.cyclic(cycle)) { $0 = 2 }
      }
    }
    let printedCycle = messages.withLock { $0 }.joined()
    if !printedCycle.contains("Expected: −, Actual: +") {
      report.violations.append("the failure message for a cyclic payload was not printed")
    }
    let line = Inspector().line(cycle)
    if !line.contains("<back-reference to StressScenarios.Cycle>") {
      report.violations.append("a cycle printed without a back-reference: \(line.prefix(80))")
    }

    // Built one `concatenate(with:)` at a time, as the chains that used to overflow were; each
    // step copies the flat list, so the chain is kept to the thousands the issue describes.
    var chain = Effect<Payload>.none
    for _ in 0..<min(elements, 10_000) { chain = chain.concatenate(with: .run { _ in }) }
    let description = chain.description
    if !description.hasPrefix(".concatenate(.run, .run") {
      report.violations.append("a long concatenation printed as \(description.prefix(40))")
    }

    let live = Store(initialState: 0, reducer: reducer, environment: ())
    let values = Array(0..<elements)
    let starts = 1_000
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<starts { live.send(.big(values)) }
    let perStart = (clock.now - start).seconds / Double(starts)
    report.details = [
      "cycle prints as: \(line)",
      "chain description: \(description.count) characters",
      String(format: "effect start with a %d-element payload: %.1f µs", elements, perStart * 1e6),
    ]
    return report
  }
}
