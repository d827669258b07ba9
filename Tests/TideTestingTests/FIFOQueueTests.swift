import Foundation
import Testing

@testable import Tide
@testable import TideTesting

/// The queue of received actions against a plain array, under random appends and removals.
@Suite struct FIFOQueueTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_QUEUE_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  @Test func itKeepsWhatAnArrayKeeps() {
    var random = SeededRandom(seed: Self.seed)
    var queue = FIFOQueue<Int>()
    var model: [Int] = []
    for step in 0..<20_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        queue.append(step)
        model.append(step)
      case 5..<9:
        #expect(queue.popFirst() == model.first, "seed \(Self.seed), step \(step)")
        if !model.isEmpty { model.removeFirst() }
      default:
        #expect(queue.removeAll() == model, "seed \(Self.seed), step \(step)")
        model = []
      }
      #expect(queue.first == model.first, "seed \(Self.seed), step \(step)")
      #expect(queue.isEmpty == model.isEmpty, "seed \(Self.seed), step \(step)")
    }
    #expect(queue.all == model, "seed \(Self.seed)")
  }
}
