import Foundation
import Testing
import TideStress

/// The stress scenarios at the suite's sizes. Each random one runs with a fresh seed, printed
/// when it fails; rerun it with `TIDE_STRESS_SEED=N swift test --filter StressTests`.
@MainActor
@Suite("Stress")
struct StressTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_STRESS_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  @Test("Every scenario keeps its promises at the suite's sizes")
  func everyScenario() async {
    let reports = await StressScenarios.runAll(sizes: .suite, seed: Self.seed)
    #expect(reports.count == 14)
    for report in reports {
      #expect(report.passed, "seed \(Self.seed)\n\(report)")
    }
  }
}
