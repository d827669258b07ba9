import Tide
import TideTestSupport
import TideTesting
import XCTest

/// The harness under XCTest: the same TestStore, reporting through XCTFail when a step fails.
final class XCTestSupportTests: XCTestCase {
  @MainActor
  func testTestStoreRunsUnderXCTest() async {
    let clock = TestClock()
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
}
