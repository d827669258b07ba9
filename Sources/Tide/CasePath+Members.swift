extension CasePath where Value: CasePathable {
  /// The case path through this one and then through the case of the payload that `member`
  /// names in its `AllCasePaths`: how a case inside a case is named in one key path, such as
  /// `\.searchResponse.success` for a `Result` payload.
  ///
  /// ```swift
  /// enum SearchAction: Sendable, CasePathable {
  ///   case searchResponse(Result<[String], any Error>)
  ///
  ///   struct AllCasePaths: Sendable {
  ///     let searchResponse = CasePath(SearchAction.searchResponse)
  ///   }
  ///   static let allCasePaths = AllCasePaths()
  /// }
  ///
  /// let success = SearchAction.allCasePaths.searchResponse.success
  /// print(success.extract(.searchResponse(.success(["Brussels"]))) ?? [])  // ["Brussels"]
  /// ```
  ///
  /// A test store receives by such a key path too: `await store.receive(\.searchResponse.success)`.
  ///
  /// - Parameters:
  ///   - member: A key path to a case path in the payload's `AllCasePaths`.
  /// - Returns: A case path from this path's root to the nested case's payload.
  public subscript<Nested>(
    dynamicMember member: KeyPath<Value.AllCasePaths, CasePath<Value, Nested>>
  ) -> CasePath<Root, Nested> {
    appending(path: Value.allCasePaths[keyPath: member])
  }
}
