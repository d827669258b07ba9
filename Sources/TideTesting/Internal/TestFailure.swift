import Foundation
import Tide

// Both frameworks are optional: a platform or an executable without one still builds, and its
// failures go to whichever framework there is, or are printed.
#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Reports a failure in whichever test framework is running: Swift Testing, XCTest, or neither
/// (a playground or a tool), where it prints a warning.
package enum TestFailure {
  /// A failure as reported, for tools (and the harness's own tests) that collect failures
  /// instead of reporting them.
  package struct Report: Sendable, Equatable {
    package let message: String
    package let location: SourceCodeLocation
    package let isKnown: Bool
  }

  /// Where failures go instead of to a test framework.
  ///
  /// A class: with the Swift 6.3 toolchain, an optimized build of the asynchronous
  /// `TaskLocal.withValue` crashes when the value is a closure or a struct holding one, and a
  /// class reference does not.
  package final class Collector: Sendable {
    let collect: @Sendable (Report) -> Void

    package init(_ collect: @escaping @Sendable (Report) -> Void) {
      self.collect = collect
    }
  }

  /// When set, failures go here instead of to a test framework.
  @TaskLocal package static var collector: Collector?

  package static func record(
    _ message: String, at location: SourceCodeLocation, isKnown: Bool = false
  ) {
    if let collector {
      collector.collect(Report(message: message, location: location, isKnown: isKnown))
      return
    }
    #if canImport(Testing)
      if Test.current != nil {
        let sourceLocation = SourceLocation(
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
        if isKnown {
          withKnownIssue {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
          }
        } else {
          Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        return
      }
    #endif
    #if canImport(XCTest)
      if isXCTestRunning {
        if isKnown {
          print("Skipped assertion (known issue) at \(location):\n\(message)")
        } else if let file = location.staticFilePath {
          XCTFail(message, file: file, line: UInt(location.line))
        } else {
          XCTFail("\(location): \(message)")
        }
        return
      }
    #endif
    let kind = isKnown ? "skipped assertion" : "test failure"
    print("[TideTesting] \(kind) at \(location):\n\(message)\n")
  }

  /// Whether this process runs XCTest tests: a test bundle runner, outside any Swift Testing test.
  private static let isXCTestRunning: Bool = {
    let environment = ProcessInfo.processInfo.environment
    if environment["XCTestConfigurationFilePath"] != nil || environment["XCTestBundlePath"] != nil {
      return true
    }
    let executable = CommandLine.arguments.first ?? ""
    return executable.hasSuffix(".xctest") || executable.hasSuffix("/xctest")
  }()
}

extension TestFailure {
  /// Runs `body` on the main actor with every failure sent to `collect` instead of a test
  /// framework: how tools that drive test stores (the stress scenarios) gather them.
  @MainActor
  package static func collecting(
    _ collect: @escaping @Sendable (Report) -> Void,
    _ body: @MainActor () async -> Void
  ) async {
    await $collector.withValue(Collector(collect)) { await body() }
  }
}
