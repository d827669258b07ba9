import Tide

/// A form whose fields a view binds to through one ``BindingAction`` case, as a user's own
/// feature in its own module: public types with their own initialisers, bindable fields listed
/// for the REPL, recordings and exported tests.
///
/// ```swift
/// let store = TestStore(initialState: ProfileForm.State(), reducer: ProfileForm.reducer, environment: ())
/// ```
public enum ProfileForm {
  /// The form: a name, an age, and whether the name can be saved.
  public struct State: Equatable, Sendable, BindableState {
    /// The name typed.
    public var name: String
    /// The age picked.
    public var age: Int
    /// Whether the name is long enough to save.
    public var canSave: Bool
    /// The name saved last.
    public var savedName: String?

    /// A form.
    ///
    /// - Parameters:
    ///   - name: The name typed.
    ///   - age: The age picked.
    public init(name: String = "", age: Int = 0) {
      self.name = name
      self.age = age
      self.canSave = name.count >= 2
      self.savedName = nil
    }

    /// What a binding action may set when it is read from text.
    public static let bindableFields: [BindableField<Self>] = [.field(\.name), .field(\.age)]
  }

  /// What the user does.
  public enum Action: Equatable, Sendable, Codable {
    /// A field was edited.
    case binding(BindingAction<State>)
    /// The save button was tapped.
    case saveTapped
  }

  /// Sets the edited field, then checks the name when it changed.
  public static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .binding(\.name):
      state.canSave = state.name.count >= 2
    case .binding:
      break
    case .saveTapped:
      guard state.canSave else { break }
      state.savedName = state.name
    }
    return .none
  }
  .binding(action: CasePath(Action.binding))
}
