/// The error an ``unimplemented(_:fileID:filePath:line:column:)-7i885`` closure throws after it reports
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
    reportUnimplemented(name, at: location)
    throw UnimplementedError(name: name)
  }
}

/// Returns a synchronous closure for an environment that reports a failure naming itself, then
/// throws ``UnimplementedError``, whenever it is called: the unimplemented form of a dependency
/// such as a file reader.
///
/// ```swift
/// let read: @Sendable (String) throws -> String = unimplemented("Environment.read")
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
) -> @Sendable (repeat each Input) throws -> Output {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Input) in
    reportUnimplemented(name, at: location)
    throw UnimplementedError(name: name)
  }
}

/// Returns a closure that cannot throw, for an environment: it reports a failure naming itself
/// whenever it is called, then returns `placeholder`, since it has no error to throw.
///
/// ```swift
/// let uuid: @Sendable () -> UUID = unimplemented("Environment.uuid", placeholder: UUID())
/// let now: @Sendable () async -> Date = unimplemented("Environment.now", placeholder: .distantPast)
/// ```
///
/// - Parameters:
///   - name: The dependency's name, shown in the failure.
///   - placeholder: What the closure returns after reporting.
///   - fileID: The file that defines the unimplemented closure.
///   - filePath: The full path of that file.
///   - line: The line that defines it.
///   - column: The column that defines it.
/// - Returns: A closure that reports and returns `placeholder`.
public func unimplemented<each Input, Output: Sendable>(
  _ name: String,
  placeholder: Output,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Input) -> Output {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Input) in
    reportUnimplemented(name, at: location)
    return placeholder
  }
}

/// Returns an `async` closure that cannot throw, for an environment: it reports a failure naming
/// itself whenever it is called, then returns `placeholder`.
///
/// ```swift
/// let count: @Sendable () async -> Int = unimplemented("Environment.count", placeholder: 0)
/// ```
///
/// - Parameters:
///   - name: The dependency's name, shown in the failure.
///   - placeholder: What the closure returns after reporting.
///   - fileID: The file that defines the unimplemented closure.
///   - filePath: The full path of that file.
///   - line: The line that defines it.
///   - column: The column that defines it.
/// - Returns: A closure that reports and returns `placeholder`.
public func unimplemented<each Input, Output: Sendable>(
  _ name: String,
  placeholder: Output,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Input) async -> Output {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Input) in
    reportUnimplemented(name, at: location)
    return placeholder
  }
}

/// Returns a closure that returns nothing and cannot throw, for an environment: it reports a
/// failure naming itself whenever it is called.
///
/// ```swift
/// let log: @Sendable (String) -> Void = unimplemented("Environment.log")
/// ```
///
/// - Parameters:
///   - name: The dependency's name, shown in the failure.
///   - fileID: The file that defines the unimplemented closure.
///   - filePath: The full path of that file.
///   - line: The line that defines it.
///   - column: The column that defines it.
/// - Returns: A closure that reports.
@_disfavoredOverload  // A throwing context keeps the form that throws.
public func unimplemented<each Input>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Input) -> Void {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Input) in reportUnimplemented(name, at: location) }
}

/// Returns an `async` closure that returns nothing and cannot throw, for an environment: it
/// reports a failure naming itself whenever it is called.
///
/// ```swift
/// let track: @Sendable (String) async -> Void = unimplemented("Environment.track")
/// ```
///
/// - Parameters:
///   - name: The dependency's name, shown in the failure.
///   - fileID: The file that defines the unimplemented closure.
///   - filePath: The full path of that file.
///   - line: The line that defines it.
///   - column: The column that defines it.
/// - Returns: A closure that reports.
@_disfavoredOverload  // A throwing context keeps the form that throws.
public func unimplemented<each Input>(
  _ name: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Input) async -> Void {
  let location = SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (_: repeat each Input) in reportUnimplemented(name, at: location) }
}

/// Reports that an unimplemented dependency was called.
private func reportUnimplemented(_ name: String, at location: SourceCodeLocation) {
  IssueReporter.current.report(
    """
    An unimplemented dependency was called: \(name)

    Give the test's environment an implementation of it, or find out why it was called.
    """,
    at: location
  )
}
