import Tide

/// The sheet that renames a saved place: a text field bound to the name through a
/// `BindingAction`, Save and Cancel.
///
/// ```swift
/// let store = Store(initialState: RenamePlace.State(name: "Paris"), reducer: RenamePlace.reducer, environment: ())
/// let name = store.binding(\.name, action: RenamePlace.Action.allCasePaths.binding)
/// name.set("Paris, France")  // sends .binding(.set(\.name, "Paris, France"))
/// ```
///
/// Saving is the place's to decide (``PlaceDetail`` checks the name); Cancel dismisses the sheet
/// with `.dismiss()`.
public enum RenamePlace {
  /// The name being typed.
  public struct State: Equatable, Sendable, Codable, BindableState {
    /// The name in the text field.
    public var name: String

    /// The text field's: what `.binding(.set(\.name, "…"))` may set when it is typed in the
    /// REPL or read from a recording.
    public static let bindableFields: [BindableField<Self>] = [.field(\.name)]

    /// A sheet that starts from a name.
    ///
    /// - Parameters:
    ///   - name: The place's current name.
    public init(name: String) {
      self.name = name
    }
  }

  /// What the sheet handles.
  public enum Action: Equatable, Sendable, Codable {
    /// The text field changed: `.binding(.set(\.name, "Home"))`.
    case binding(BindingAction<State>)
    /// Save: the place checks the name and closes the sheet.
    case saveTapped
    /// Cancel: closes the sheet, the name unchanged.
    case cancelTapped
  }

  /// The sheet's logic.
  public static let reducer = Reducer<State, Action, Void> { _, action, _ in
    switch action {
    case .binding:
      return .none
    case .saveTapped:
      return .none
    case .cancelTapped:
      return .dismiss()
    }
  }
  .binding(action: \.binding)
}

extension RenamePlace.Action: CasePathable {
  /// The case paths of the sheet's actions.
  ///
  /// ```swift
  /// let binding = RenamePlace.Action.allCasePaths.binding
  /// print(binding.extract(.saveTapped) == nil)  // true
  /// ```
  public struct AllCasePaths: Sendable {
    /// The text field's binding actions.
    public var binding: CasePath<RenamePlace.Action, BindingAction<RenamePlace.State>> {
      CasePath(
        embed: RenamePlace.Action.binding,
        extract: { if case .binding(let action) = $0 { action } else { nil } })
    }
  }

  /// The case paths of the sheet's actions.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
