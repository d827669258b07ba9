extension CasePath {
  /// The case path to the action of one element, in a case that carries an element's identifier
  /// and its action (what `forEach` runs): it extracts only that element's actions, and embeds
  /// an action as that element's.
  ///
  /// A key path names one element's action this way, so a test receives it by case even when
  /// the element's action is not `Equatable` (its payload holds a `Result` with `any Error`),
  /// and goes on into the element action's own cases when it is `CasePathable`:
  ///
  /// ```swift
  /// enum Memo {
  ///   enum Action: Sendable { case playTapped, timerUpdated(Double) }
  /// }
  /// enum Memos {
  ///   enum Action: Sendable, CasePathable {
  ///     case memo(id: Int, action: Memo.Action)
  ///
  ///     struct AllCasePaths: Sendable {
  ///       let memo = CasePath<Action, (Int, Memo.Action)>(
  ///         embed: Action.memo,
  ///         extract: { if case .memo(let id, let action) = $0 { (id, action) } else { nil } })
  ///     }
  ///     static let allCasePaths = AllCasePaths()
  ///   }
  /// }
  ///
  /// let second = Memos.Action.allCasePaths.memo[id: 2]
  /// print(second.extract(.memo(id: 2, action: .playTapped)) != nil)  // true
  /// print(second.extract(.memo(id: 3, action: .playTapped)) != nil)  // false
  /// ```
  ///
  /// In a test: `await store.receive(\.memo[id: 2].timerUpdated, 0.5)`. A case path made from
  /// the case, `CasePath(Action.memo)`, has the subscript too (its payload is labelled
  /// `(id:action:)`, see the next subscript); one written by hand, as here, is faster. A stack's
  /// screens are reached the same way through ``StackAction``'s `element` case:
  /// `\.path.element[id: id]`.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  /// - Returns: A case path from this path's root to the actions of the element with `id`.
  public subscript<ID: Hashable & Sendable, ElementAction>(
    id id: ID
  ) -> CasePath<Root, ElementAction> where Value == (ID, ElementAction) {
    let embed = embed
    let extract = extract
    return CasePath<Root, ElementAction>(
      embed: { embed((id, $0)) },
      extract: { root in
        guard let (found, action) = extract(root), found == id else { return nil }
        return action
      })
  }

  /// The case path to the action of one element, in a case whose payload labels the two
  /// `(id:action:)`, as ``StackAction``'s `element` case does: `\.path.element[id: id]`.
  ///
  /// ```swift
  /// let second = StackAction<Int, String>.allCasePaths.element[id: 2]
  /// print(second.extract(.element(id: 2, action: "save")) ?? "none")  // save
  /// print(second.extract(.element(id: 3, action: "save")) ?? "none")  // none
  /// ```
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  /// - Returns: A case path from this path's root to the actions of the element with `id`.
  public subscript<ID: Hashable & Sendable, ElementAction>(
    id id: ID
  ) -> CasePath<Root, ElementAction> where Value == (id: ID, action: ElementAction) {
    // The same path with the labels dropped, which Swift converts both ways.
    let embed = embed
    let extract = extract
    return CasePath<Root, (ID, ElementAction)>(
      embed: { embed($0) }, extract: { extract($0) })[id: id]
  }
}
