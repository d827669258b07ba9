import Tide

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Where a plain `Store`'s runtime warnings go in a process that links TideTesting: into the
/// test that is running, as an issue of that test, so that an integration test whose store
/// calls an unimplemented dependency, leaves an effect's error unhandled or loops its observers
/// fails instead of passing while the runtime complains. Outside a test they go where they went
/// before (``outsideTests``).
///
/// `TideTestingBootstrap`, a C constructor, installs it as the process loads.
package enum RuntimeWarningsInTests {
  /// Where warnings raised outside any test go: the reporter that was installed before.
  package static var outsideTests: @Sendable (RuntimeWarnings.Warning) -> Void {
    get { outside.withLock { $0 } }
    set { outside.withLock { $0 = newValue } }
  }

  private static let outside = Lock<@Sendable (RuntimeWarnings.Warning) -> Void>(
    RuntimeWarnings.standardError)

  /// The reporter: the running Swift Testing test, else the running XCTest test case, else
  /// ``outsideTests``.
  static let reporter: @Sendable (RuntimeWarnings.Warning) -> Void = { warning in
    #if canImport(Testing)
      if let test = Test.current {
        // The code the warning is about; else the test itself, never this file.
        let location =
          if let fileID = warning.fileID, let line = warning.line {
            SourceLocation(
              fileID: fileID, filePath: warning.filePath ?? fileID, line: line,
              column: warning.column ?? 1)
          } else {
            test.sourceLocation
          }
        Issue.record(Comment(rawValue: warning.message), sourceLocation: location)
        return
      }
    #endif
    #if canImport(XCTest) && !canImport(Darwin)
      if XCTestCases.isRunning {
        let place = warning.fileID.map { " (\($0)\(warning.line.map { ":\($0)" } ?? ""))" }
        XCTFail("Runtime warning\(place ?? ""): \(warning.message)")
        return
      }
    #endif
    outsideTests(warning)
  }

  /// Installs ``reporter`` once.
  static func install() {
    outsideTests = RuntimeWarnings.reporter
    RuntimeWarnings.reporter = reporter
    #if canImport(XCTest) && !canImport(Darwin)
      XCTestCases.observe()
    #endif
  }
}

#if canImport(XCTest) && !canImport(Darwin)
  /// Whether an XCTest test case is running, as XCTest's observation tells it.
  final class XCTestCases: NSObject, XCTestObservation, @unchecked Sendable {
    private static let shared = XCTestCases()
    private let running = Lock(0)

    static var isRunning: Bool { shared.running.withLock { $0 > 0 } }

    static func observe() {
      XCTestObservationCenter.shared.addTestObserver(shared)
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
      running.withLock { $0 += 1 }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      running.withLock { $0 -= 1 }
    }
  }
#endif

/// Called by `TideTestingBootstrap` as the process loads.
@_cdecl("tide_testing_install_runtime_warning_reporter")
func installRuntimeWarningReporter() {
  RuntimeWarningsInTests.install()
}
