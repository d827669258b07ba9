import Tide
import TideTestSupport
import TideTesting
import XCTest

/// The harness under XCTest: the same TestStore, reporting through XCTFail when a step fails.
final class XCTestSupportTests: XCTestCase {
  @MainActor
  func testTestStoreRunsUnderXCTest() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Search.State(), reducer: Search.reducer, environment: .test(clock: clock))
    await store.send(.queryChanged("Paris")) {
      $0.query = "Paris"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["Paris 1", "Paris 2"])) {
      $0.isSearching = false
      $0.results = ["Paris 1", "Paris 2"]
    }
    await store.finish()
  }

  /// The failures XCTest was told of in this test case, instead of failing it.
  private var recorded: [String] = []
  private var isCapturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if isCapturing {
      recorded.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  /// A plain store's runtime warning fails the XCTest test case that is running.
  @MainActor
  func testAPlainStoresWarningFailsTheTestCase() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { _, _, _ in
        .run { _ in
          let fetch: @Sendable () async throws -> Int = unimplemented("Environment.fetch")
          _ = try await fetch()
        } catch: { _, _ in
        }
      },
      environment: ())
    isCapturing = true
    await store.send(1).finish()
    isCapturing = false
    XCTAssertEqual(
      recorded,
      [
        """
        failed - Runtime warning (TideTestingTests/XCTestSupportTests.swift:\(#line - 13)): An \
        unimplemented dependency was called: Environment.fetch

        Give the test's environment an implementation of it, or find out why it was called.
        """
      ])
  }
}
