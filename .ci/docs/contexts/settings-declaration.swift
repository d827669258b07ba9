// A declaration of a form's feature.
enum SettingsFeature {
  typealias State = Settings.State
  typealias Action = Settings.Action
  static let core = Reducer<State, Action, Void> { _, _, _ in .none }
  // «example»
}
