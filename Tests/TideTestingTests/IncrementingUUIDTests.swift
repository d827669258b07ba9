import Foundation
import Testing
import TideTesting

/// UUIDs that count up, the same in every run: what a ported test names its identifiers with.
@Suite struct IncrementingUUIDTests {
  @Test func countsUpFromZeroOrFromTheFirstNumberGiven() {
    let uuid = IncrementingUUID()
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    let later = IncrementingUUID(first: 255)
    #expect(later() == IncrementingUUID.uuid(255))
    #expect(later().uuidString == "00000000-0000-0000-0000-000000000100")
    #expect(IncrementingUUID.uuid(1 << 48 - 1).uuidString == "00000000-0000-0000-0000-FFFFFFFFFFFF")
  }

  @Test func aNumberOutsideTheRangeIsReported() {
    withKnownIssue {
      #expect(IncrementingUUID.uuid(-1) == IncrementingUUID.uuid(1 << 48 - 1))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        IncrementingUUID was given -1, outside 0 to 2^48 - 1.

        Its UUIDs write their number in their last twelve hexadecimal digits: count from 0 or \
        more, and below 281474976710656.
        """
    }
  }

  @Test func manyTasksGetDistinctUUIDs() async {
    let uuid = IncrementingUUID()
    let made = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<200 { group.addTask { uuid() } }
      return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
    }
    #expect(made.count == 200)
  }
}
