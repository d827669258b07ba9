extension SharedFile {
  /// What ``load(default:ifMissing:)`` does when there is no file.
  ///
  /// ```swift
  /// let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).json")
  /// let file = SharedFile<[String]>(path: path.path)
  /// print(file.load(default: ["Home"], ifMissing: .expected))  // ["Home"]
  /// ```
  public enum MissingFile: Sendable, Equatable {
    /// Starts from the default, and reports that there is no file yet: a runtime warning in an
    /// app, a failing test in a test target that links TideTesting.
    case report
    /// Starts from the default without a report: an app's first launch, a test that starts
    /// from no file.
    case expected
  }
}
