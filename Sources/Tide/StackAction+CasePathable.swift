extension StackAction: CasePathable {
  /// The case paths of a stack action, so that a case path to one names its cases:
  /// `\.path.element` reaches any screen's actions, with the screen's identifier.
  ///
  /// ```swift
  /// let popFrom = StackAction<String, Never>.allCasePaths.popFrom
  /// print(popFrom.extract(.popFrom(id: 2)) ?? 0)  // #2
  /// ```
  public struct AllCasePaths: Sendable {
    /// An action of a screen, with the screen's identifier.
    public var element: CasePath<StackAction, (id: StackElementID, action: Action)> {
      CasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: { if case .element(let id, let action) = $0 { (id, action) } else { nil } })
    }
    /// A pop, with the identifier of the lowest screen popped.
    public var popFrom: CasePath<StackAction, StackElementID> {
      CasePath(
        embed: { .popFrom(id: $0) },
        extract: { if case .popFrom(let id) = $0 { id } else { nil } })
    }
    /// A push, with the screen's identifier and state.
    public var push: CasePath<StackAction, (id: StackElementID, state: State)> {
      CasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: { if case .push(let id, let state) = $0 { (id, state) } else { nil } })
    }
  }

  /// The case paths of a stack action.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
