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
  /// The enum need not be `Equatable`: cases are told apart by the enum's type and the name
  /// Swift's runtime keeps for each case (reflection metadata, which Swift emits unless a target
  /// turns it off). A case given as an optional root's value (`CasePath<Action?, Void>(.refresh)`)
  /// matches that case under the optional, and `nil` matches only `nil`. With it, a
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
    let expected = CaseWithoutValues(
      `case`,
      location: SourceCodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    self.init(
      embed: { _ in `case` },
      extract: { root in expected?.matches(root) == true ? () : nil })
  }
}

/// What `CasePath.init(_:)` matches a case without associated values by: the enum's type and the
/// runtime's address of the case's name (two enums of one module may share a case's name), under
/// as many optionals as the case was given in (`.some(.refresh)` for an optional root).
private struct CaseWithoutValues: Sendable {
  let type: ObjectIdentifier
  let address: UInt
  let optionals: Int

  /// What `value` is, or `nil`, with the mistake reported, when it is not a case without
  /// associated values.
  init?<Root>(_ value: Root, location: SourceCodeLocation) {
    var optionals = 0
    var inner: Any = value
    while let wrapped = Self.unwrapped(inner) {
      inner = wrapped
      optionals += 1
    }
    guard let address = enumCaseAddress(inner) else {
      IssueReporter.current.report(
        """
        CasePath(_:) was given \(describe(value)), which is not an enum case; it extracts \
        nothing. Give it a case without associated values, such as Action.refreshTapped.
        """, at: location)
      return nil
    }
    guard Mirror(reflecting: inner).children.isEmpty else {
      IssueReporter.current.report(
        """
        CasePath(_:) was given \(describe(value)), a case with associated values; it extracts \
        nothing.
        Make a case path to this case from its constructor: \
        CasePath(\(Inspector.typeName(Swift.type(of: inner))).\(enumCaseName(inner) ?? "case")).
        """, at: location)
      return nil
    }
    self.type = ObjectIdentifier(Swift.type(of: inner))
    self.address = address
    self.optionals = optionals
  }

  /// Whether `root` is the case, under the same optionals.
  func matches<Root>(_ root: Root) -> Bool {
    var inner: Any = root
    for _ in 0..<optionals {
      guard let wrapped = Self.unwrapped(inner) else { return false }
      inner = wrapped
    }
    return ObjectIdentifier(Swift.type(of: inner)) == type && enumCaseAddress(inner) == address
  }

  /// The value inside an optional that holds one; `nil` for `nil`, and for what is not optional.
  private static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return nil }
    return mirror.children.first?.value
  }
}
