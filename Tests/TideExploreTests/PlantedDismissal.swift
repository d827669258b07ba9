import Tide
import TideExplore

/// A sheet whose save its parent runs, with the planted bug: the save is not tied to the sheet,
/// so dismissing the sheet mid-save leaves the save running, and its answer reaches a sheet that
/// is gone. The correct version lets the sheet run its own save, which the presentation cancels.
enum Editor {
  struct State: Equatable {
    var drafts: [String] = []
    var sheet: Draft.State?
  }

  enum Action: Equatable, Sendable {
    case openTapped
    case closeTapped
    case sheet(PresentationAction<Draft.Action>)
  }

  struct Environment {
    var clock: any Clock<Duration>
  }

  /// The sheet: its save is `save`, given by whoever composes it.
  enum Draft {
    struct State: Equatable {
      var text = "note"
      var isSaving = false
    }

    enum Action: Equatable, Sendable {
      case saveTapped
      case saved
    }

    static func reducer(
      save: @escaping @Sendable (any Clock<Duration>) -> Effect<Action>
    ) -> Reducer<State, Action, any Clock<Duration>> {
      Reducer { state, action, clock in
        switch action {
        case .saveTapped:
          state.isSaving = true
          return save(clock)
        case .saved:
          state.isSaving = false
          return .dismiss()
        }
      }
    }

    static func save(_ clock: any Clock<Duration>) -> Effect<Action> {
      .run(name: "save") { send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
    }
  }

  /// Planted: the parent starts the sheet's save itself, and nothing cancels it when the sheet
  /// goes away.
  static let forgetsTheSaveOnDismissal = editor(
    parentSave: { clock in Draft.save(clock).map { .sheet(.presented($0)) } },
    sheet: Draft.reducer(save: { _ in .none }))

  /// The sheet runs its own save; dismissing the sheet cancels it.
  static let reducer = editor(
    parentSave: { _ in .none }, sheet: Draft.reducer(save: Draft.save))

  static func editor(
    parentSave: @escaping @Sendable (any Clock<Duration>) -> Effect<Action>,
    sheet: Reducer<Draft.State, Draft.Action, any Clock<Duration>>
  ) -> Reducer<State, Action, Environment> {
    Reducer<State, Action, Environment> { state, action, environment in
      switch action {
      case .openTapped:
        state.sheet = Draft.State()
        return .none
      case .closeTapped:
        state.sheet = nil
        return .none
      case .sheet(.presented(.saveTapped)):
        return parentSave(environment.clock)
      case .sheet(.presented(.saved)):
        if let text = state.sheet?.text { state.drafts.append(text) }
        return .none
      case .sheet:
        return .none
      }
    }
    .ifLet(\.sheet, action: CasePath(Action.sheet), environment: { $0.clock }, child: sheet)
  }

  @MainActor
  static func explorer(
    _ reducer: Reducer<State, Action, Environment>, expression: String
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "editor", initialState: State(), reducer: reducer,
      environment: { _, clock in Environment(clock: clock) },
      actions: { state in
        state.sheet == nil ? [.openTapped] : [.closeTapped, .sheet(.presented(.saveTapped))]
      },
      // No invariant of its own: the runtime reports an action for a dismissed sheet.
      invariants: [],
      export: ExploreExport(
        imports: ["Foundation"], reducer: expression,
        environment: "Editor.Environment(clock: clock)", invariants: "[]"))
  }
}
