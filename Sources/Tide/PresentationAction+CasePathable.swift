extension PresentationAction: CasePathable {
  /// The case paths of a presentation action, so that a case path to one names its cases:
  /// `\.destination.presented.rename` reaches a destination's rename sheet.
  ///
  /// ```swift
  /// let presented = PresentationAction<String>.allCasePaths.presented
  /// print(presented.extract(.presented("saveTapped")) ?? "")  // saveTapped
  /// ```
  public struct AllCasePaths: Sendable {
    /// An action of the presented child.
    public var presented: CasePath<PresentationAction, Action> {
      CasePath(
        embed: { .presented($0) },
        extract: { if case .presented(let action) = $0 { action } else { nil } })
    }
    /// The dismissal.
    public var dismiss: CasePath<PresentationAction, Void> {
      CasePath(
        embed: { .dismiss },
        extract: { if case .dismiss = $0 { () } else { nil } })
    }
  }

  /// The case paths of a presentation action.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
