/// One call of an environment, made by an effect, as a ``CallInterceptor`` sees it.
///
/// <!-- example: given call: InterceptedCall<User> -->
/// ```swift
/// let line = "\(call.name) with \(call.arguments.count) arguments"
/// ```
public struct InterceptedCall<Output: Sendable>: Sendable {
  /// The name the declaration gave the call: `login`.
  public let name: String
  /// The arguments it was called with, in order.
  public let arguments: [any Sendable]
  /// The type of the errors it throws that a recording keeps as themselves, when declared.
  public let keptErrors: (any (Error & Codable).Type)?
  private let makeOutcomes: (@Sendable () -> [ExploreOutcome<Output>])?
  /// Where the call was declared: what an issue about it (an answer a recording cannot keep)
  /// points at.
  package let location: SourceCodeLocation?

  /// The ways the declaration says this call can end, for these arguments, simplest first:
  /// what the explorer chooses from. Empty when the declaration gives none.
  public var outcomes: [ExploreOutcome<Output>] { makeOutcomes?() ?? [] }

  /// Whether the declaration gives outcomes for the explorer.
  public var declaresOutcomes: Bool { makeOutcomes != nil }

  /// A call, as a declaration describes it.
  ///
  /// ```swift
  /// let call = InterceptedCall<Int>(name: "count", arguments: [], keptErrors: nil, outcomes: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name.
  ///   - arguments: Its arguments.
  ///   - keptErrors: The type of the errors a recording keeps as themselves.
  ///   - outcomes: The ways it can end, when declared.
  public init(
    name: String, arguments: [any Sendable], keptErrors: (any (Error & Codable).Type)?,
    outcomes: (@Sendable () -> [ExploreOutcome<Output>])?
  ) {
    self.init(
      name: name, arguments: arguments, keptErrors: keptErrors, location: nil, outcomes: outcomes)
  }

  /// A call declared at `location`.
  package init(
    name: String, arguments: [any Sendable], keptErrors: (any (Error & Codable).Type)?,
    location: SourceCodeLocation?, outcomes: (@Sendable () -> [ExploreOutcome<Output>])?
  ) {
    self.name = name
    self.arguments = arguments
    self.keptErrors = keptErrors
    self.makeOutcomes = outcomes
    self.location = location
  }
}
