import TideInspect

/// Where the runtime sends problems it finds but cannot throw: an action sent to a missing child,
/// an effect's unhandled error.
///
/// Apps print a runtime warning; `TestStore` installs a reporter that fails the running test; the
/// REPL shows them inline. The reporter is a task local, so effects inherit the one in force when
/// they were started.
@usableFromInline
package struct IssueReporter: Sendable {
  private let handler: @Sendable (_ message: String, _ location: SourceCodeLocation?) -> Void

  package init(_ handler: @escaping @Sendable (String, SourceCodeLocation?) -> Void) {
    self.handler = handler
  }

  package func report(_ message: String, at location: SourceCodeLocation? = nil) {
    handler(message, location)
  }

  /// Hands the warning to ``RuntimeWarnings/reporter``, the process's reporter.
  package static let runtimeWarning = IssueReporter { message, location in
    RuntimeWarnings.reporter(
      RuntimeWarnings.Warning(
        message: message, fileID: location?.fileID, line: location?.line,
        filePath: location?.filePath, column: location?.column))
  }

  @TaskLocal package static var current: IssueReporter = .runtimeWarning

  /// The effect that sent the action the store is reducing (and its follow-ups), or `nil` for
  /// one the app sent.
  @TaskLocal package static var delivery: EffectDelivery?

  /// Whether the store is reducing an action an effect sent (and its follow-ups), not one the
  /// app sent: a report about it then says so, instead of telling the app to stop sending.
  package static var isReducingEffectAction: Bool { delivery != nil }

  /// Runs `operation` with `reporter` as the current reporter: ``current``'s `withValue`, for
  /// code inlined into other modules, which cannot name the task local's projection.
  @usableFromInline
  package static func withCurrent<Result>(
    _ reporter: IssueReporter, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $current.withValue(reporter, operation: operation)
  }
}

/// Describes a value (an action, an error, an effect's name or identifier) the way Swift code
/// would spell it, `.usernameChanged("pritesh")`, with anything `Redacting` hidden.
package func describe(_ value: Any) -> String {
  Inspector().line(value)
}
