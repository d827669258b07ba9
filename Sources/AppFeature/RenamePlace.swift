import Tide

/// The sheet that renames a saved place: a text field bound to the name, Save and Cancel.
///
/// ```swift
/// let store = Store(initialState: RenamePlace.State(name: "Paris"), reducer: RenamePlace.reducer, environment: ())
/// let name = store.binding(\.name, send: RenamePlace.Action.nameChanged)
/// ```
///
/// Saving is the place's to decide (``PlaceDetail`` checks the name); Cancel dismisses the sheet
/// with `.dismiss()`.
public enum RenamePlace {
  /// The name being typed.
  public struct State: Equatable, Sendable, Codable {
    /// The name in the text field.
    public var name: String

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
    /// The text field changed.
    case nameChanged(String)
    /// Save: the place checks the name and closes the sheet.
    case saveTapped
    /// Cancel: closes the sheet, the name unchanged.
    case cancelTapped
  }

  /// The sheet's logic.
  public static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .nameChanged(let name):
      state.name = name
      return .none
    case .saveTapped:
      return .none
    case .cancelTapped:
      return .dismiss()
    }
  }
}
