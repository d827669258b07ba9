import Foundation

/// A folder of one test's own under the temporary directory: a name no other test or run can
/// have, and removed with everything in it when the last reference goes.
///
/// Every test that touches files works in one, so a file left by an earlier run (or by a test
/// running beside it) can never make it pass or fail.
///
/// ```swift
/// let scratch = try ScratchFolder("export")
/// let file = scratch.file("Session.swift")  // …/tide-export-<UUID>/Session.swift
/// ```
public final class ScratchFolder: Sendable {
  /// The folder.
  public let url: URL

  /// Creates the folder.
  ///
  /// - Parameter label: A word in the folder's name, to tell whose it is when a run is killed
  ///   before it can clean up.
  public init(_ label: String = "test") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The folder's path.
  public var path: String { url.path }

  /// The path of `name` inside the folder.
  ///
  /// - Parameter name: A file name, or a relative path.
  public func file(_ name: String) -> String { url.appendingPathComponent(name).path }
}
