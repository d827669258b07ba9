// A form's feature, whose core reducer reacts to its fields.
enum SettingsFeature {
  typealias State = Settings.State
  typealias Action = Settings.Action
  static let core = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    // «example»
    default:
      break
    }
    return .none
  }
}
