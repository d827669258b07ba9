// A store of a parent feature: a settings child always there, a rename sheet presented, and a
// session that is not Equatable.
enum Rename {
  struct State: Equatable, Sendable { var name = "" }
  enum Action: Equatable, Sendable { case saveTapped }
}
final class Session: @unchecked Sendable {}
enum Parent {
  struct State: Sendable {
    var settings = Settings.State()
    var rename: Rename.State?
    var session = Session()
  }
  enum Action: Sendable, CasePathable {
    case settings(Settings.Action)
    case rename(PresentationAction<Rename.Action>)

    struct AllCasePaths: Sendable {
      var settings: CasePath<Parent.Action, Settings.Action> {
        CasePath(embed: Parent.Action.settings, extract: {
          if case .settings(let action) = $0 { action } else { nil }
        })
      }
      var rename: CasePath<Parent.Action, PresentationAction<Rename.Action>> {
        CasePath(embed: Parent.Action.rename, extract: {
          if case .rename(let action) = $0 { action } else { nil }
        })
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
}
@MainActor func _example(store: Store<Parent.State, Parent.Action>) {
  // «example»
}
