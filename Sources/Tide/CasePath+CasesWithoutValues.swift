import TideInspect

extension CasePath where Value == Void, Root: Sendable {
  /// Creates a case path to a case without associated values: it extracts `()` from that case
  /// and `nil` from any other, and embeds by returning the case.
  ///
  /// ```swift
  /// enum TodosAction: Sendable {
  ///   case sortCompletedTodos
  ///   case delete([Int])
  /// }
  /// let sort = CasePath(TodosAction.sortCompletedTodos)
  /// print(sort.extract(.sortCompletedTodos) != nil)  // true
  /// print(sort.extract(.delete([0])) != nil)  // false
  /// ```
  ///
  /// The enum need not be `Equatable`: cases are told apart by the name Swift's runtime keeps for
  /// each case (reflection metadata, which Swift emits unless a target turns it off). With it, a
  /// test store receives the case by its case path, and a `CasePathable` enum lists it beside its
  /// other cases:
  ///
  /// <!-- example: given store: TestStore<Search.State, Search.Action, Search.Environment> -->
  /// ```swift
  /// await store.receive(CasePath(Search.Action.clearTapped)) { $0.query = "" }
  /// ```
  ///
  /// A value that is not a case without associated values (a case with some, such as
  /// `.delete([0])`, or a value of a struct) is reported where the case path is made, and the
  /// case path then extracts nothing:
  ///
  /// ```
  /// CasePath(_:) was given .delete([0]), a case with associated values; it extracts nothing.
  /// Make a case path to this case from its constructor: CasePath(TodosAction.delete).
  /// ```
  ///
  /// A case's constructor is a value too; where both initialisers apply
  /// (`CasePath(Action.response)`), Swift picks ``init(_:)``, the case path to the payload.
  ///
  /// - Parameters:
  ///   - case: The case, such as `TodosAction.sortCompletedTodos`.
  ///   - fileID: The caller's file, where a mistake is reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  @_disfavoredOverload
  public init(
    _ case: Root,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let address = CaseWithoutValues.address(
      of: `case`,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    self.init(
      embed: { _ in `case` },
      extract: { root in
        guard let address, enumCaseAddress(root) == address else { return nil }
        return ()
      })
  }
}

/// Checks the value given to `CasePath.init(_:)` for a case without associated values.
private enum CaseWithoutValues {
  /// The runtime's address of the case's name, or `nil`, with the mistake reported, when the
  /// value is not a case without associated values.
  static func address<Root>(of value: Root, location: SourceCodeLocation) -> UInt? {
    guard let address = enumCaseAddress(value) else {
      IssueReporter.current.report(
        """
        CasePath(_:) was given \(describe(value)), which is not an enum case; it extracts \
        nothing. Give it a case without associated values, such as Action.refreshTapped.
        """, at: location)
      return nil
    }
    let mirror = Mirror(reflecting: value)
    guard mirror.children.isEmpty else {
      let name = enumCaseName(value) ?? "case"
      IssueReporter.current.report(
        """
        CasePath(_:) was given \(describe(value)), a case with associated values; it extracts \
        nothing.
        Make a case path to this case from its constructor: \
        CasePath(\(Inspector.typeName(Root.self)).\(name)).
        """, at: location)
      return nil
    }
    return address
  }
}
