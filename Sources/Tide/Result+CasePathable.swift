extension Result: CasePathable {
  /// The case paths of a `Result`, so that a case path to a `Result` payload reaches its cases by
  /// name: `\.searchResponse.success`, `\.searchResponse.failure`.
  ///
  /// ```swift
  /// let result: Result<Int, any Error> = .success(42)
  /// print(Result<Int, any Error>.allCasePaths.success.extract(result) ?? 0)  // 42
  /// ```
  public struct AllCasePaths: Sendable {
    /// The successful value.
    public var success: CasePath<Result, Success> {
      CasePath(
        embed: { .success($0) },
        extract: { if case .success(let value) = $0 { value } else { nil } })
    }
    /// The error.
    public var failure: CasePath<Result, Failure> {
      CasePath(
        embed: { .failure($0) },
        extract: { if case .failure(let error) = $0 { error } else { nil } })
    }
  }

  /// The case paths of a `Result`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
