/// The error an ``unimplemented(_:fileID:filePath:line:column:)`` closure throws after it reports
/// that it was called.
///
/// ```swift
/// let environment = Login.Environment.unimplemented
/// do { _ = try await environment.login("a", "b") } catch let error as UnimplementedError {
///   print(error.name)  // Login.Environment.login
/// }
/// ```
public struct UnimplementedError: Error, Equatable, CustomStringConvertible {
  /// The name of the dependency that was called.
  public let name: String

  /// Creates the error for a dependency.
  ///
  /// - Parameters:
  ///   - name: The dependency's name.
  public init(name: String) {
    self.name = name
  }

  /// `Unimplemented: Login.Environment.login`
  public var description: String { "Unimplemented: \(name)" }
}

/// Returns a closure for an environment that reports a failure naming itself, then throws
/// ``UnimplementedError``, whenever it is called.
///
/// Build a feature's `.unimplemented` environment from these, and a test overrides only the
/// dependencies it expects to be used. Any other call fails the test (when the effect was
/// started by a `TestStore`) or prints a runtime warning (elsewhere):
///
/// ```
/// An unimplemented dependency was called: Login.Environment.login
///
/// Give the test's environment an implementation of it, or find out why it was called.
/// ```
///
/// ```swift
/// extension Login.Environment {
///   static let unimplemented = Self(
///     login: Tide.unimplemented("Login.Environment.login")
///   )
/// }
/// ```
///
/// - Parameters:
///   - name: The dependency's name, shown in the failure.
///   - fileID: The file that defines the unimplemented closure.
///   - filePath: The full path of that file.
///   - line: The line that defines it.
///   - column: The column that defines it.
/// - Returns: A closure that reports and throws.
public func unimplemented<each Input, Output>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Input) async throws -> Output {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Input) in
    IssueReporter.current.report(
      """
      An unimplemented dependency was called: \(name)

      Give the test's environment an implementation of it, or find out why it was called.
      """,
      at: location
    )
    throw UnimplementedError(name: name)
  }
}
