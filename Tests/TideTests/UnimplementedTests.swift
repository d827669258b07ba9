import Foundation
import Testing
import TideTestSupport

@testable import Tide

/// Every shape of dependency has an unimplemented form: async or not, throwing or not, with a
/// result or without (issue 35, §3). Each reports the same failure when called.
@Suite struct UnimplementedTests {
  struct Environment {
    var fetch: @Sendable (String) async throws -> Int = unimplemented("Environment.fetch")
    var read: @Sendable (String) throws -> String = unimplemented("Environment.read")
    var uuid: @Sendable () -> UUID = unimplemented(
      "Environment.uuid", placeholder: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
    var count: @Sendable () async -> Int = unimplemented("Environment.count", placeholder: 7)
    var log: @Sendable (String) -> Void = unimplemented("Environment.log")
    var track: @Sendable (String) async -> Void = unimplemented("Environment.track")
    var save: @Sendable () async throws -> Void = unimplemented("Environment.save")
    var delete: @Sendable () throws -> Void = unimplemented("Environment.delete")
  }

  static func report(_ name: String) -> String {
    """
    An unimplemented dependency was called: \(name)

    Give the test's environment an implementation of it, or find out why it was called.
    """
  }

  @Test func everyShapeReportsAndThrowsOrReturnsItsPlaceholder() async {
    let environment = Environment()
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      await #expect(throws: UnimplementedError(name: "Environment.fetch")) {
        try await environment.fetch("a")
      }
      #expect(throws: UnimplementedError(name: "Environment.read")) {
        try environment.read("a")
      }
      #expect(environment.uuid().uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(await environment.count() == 7)
      environment.log("a")
      await environment.track("a")
      await #expect(throws: UnimplementedError(name: "Environment.save")) {
        try await environment.save()
      }
      #expect(throws: UnimplementedError(name: "Environment.delete")) {
        try environment.delete()
      }
    }
    let names = ["fetch", "read", "uuid", "count", "log", "track", "save", "delete"]
    #expect(issues.all == names.map { Self.report("Environment.\($0)") })
  }
}
