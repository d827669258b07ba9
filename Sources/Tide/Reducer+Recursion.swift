extension Reducer {
  /// A reducer that runs itself for children of its own type: an outline whose rows are
  /// outlines, a comment whose replies are comments.
  ///
  /// `build` makes the reducer from the one it is given, which stands for the reducer being
  /// made (a `static let` cannot name itself while it is being made):
  ///
  /// ```swift
  /// enum Outline {
  ///   struct State: Equatable, Identifiable, Sendable {
  ///     let id: Int
  ///     var title = ""
  ///     var rows: IdentifiedArray<State> = []
  ///   }
  ///   indirect enum Action: Equatable, Sendable {
  ///     case renamed(String)
  ///     case row(id: Int, action: Action)
  ///   }
  ///
  ///   static let reducer = Reducer<State, Action, Void>.recursive { outline in
  ///     Reducer { state, action, _ in
  ///       if case .renamed(let title) = action { state.title = title }
  ///       return .none
  ///     }
  ///     .forEach(\.rows, action: CasePath(Action.row), environment: { $0 }, child: outline)
  ///   }
  /// }
  ///
  /// let deepest = Outline.State(id: 2)
  /// let store = Store(
  ///   initialState: Outline.State(id: 0, rows: [Outline.State(id: 1, rows: [deepest])]),
  ///   reducer: Outline.reducer, environment: ())
  /// store.send(.row(id: 1, action: .row(id: 2, action: .renamed("Deepest"))))
  /// print(store.state.rows[id: 1]?.rows[id: 2]?.title ?? "none")  // Deepest
  /// ```
  ///
  /// Every level is the same operator: removing a row cancels the effects of every row under it,
  /// and each row's cancellation identifiers are its own at every level. Shared copies the state
  /// holds (see ``SharedState``) are kept equal at every level, as they are for any child.
  ///
  /// Each level of an action's path runs in stack frames of its own: on a main thread of 8 MiB
  /// (Linux, x86_64), a debug build reduced an action about 1,700 levels deep and a release
  /// build about 14,000; deeper stops the program, as any recursion that deep does. Rows that
  /// hold shared copies are synced recursively too, from the store's creation on: about 8,000
  /// levels in a release build. With copies, each level of an action's path syncs its rows' own
  /// copies (so each feature on the path sees a change made below it in the same step), and the
  /// rest of the tree takes the value once, when the step ends: an action costs what the tree's
  /// rows do, not the rows times the depth.
  ///
  /// `build` is called once, or twice when the reducer reaches shared copies (the first time
  /// tells): it should make the reducer and do nothing else. The reducer it is given runs only
  /// once `recursive` has returned; running it inside `build` stops the program with a message.
  ///
  /// - Parameters:
  ///   - build: A function that makes the reducer from the reducer it is given, which runs the
  ///     reducer `build` returns.
  /// - Returns: The reducer `build` returns, holding the stand-in's link to it.
  public static func recursive(_ build: (Self) -> Self) -> Self {
    // The reducer returned holds the box, the box holds the reducer `build` made, and the
    // stand-in inside that reducer reaches the box unowned: no cycle, so a reducer made again
    // and again (a generic feature's computed `static var`) is freed like any other.
    let box = RecursiveReducerBox<State, Action, Environment>()
    let body: @Sendable (inout State, Action, Environment) -> Effect<Action> = {
      [unowned box] in
      guard let reducer = box.reducer else { Self.ranWhileBuilding() }
      return reducer.body(&$0, $1, $2)
    }
    let plain = build(Self(sharing: nil, body))
    let made: Self
    if let reached = plain.sharing {
      // The reducer reaches shared copies: made again with a child whose copies are all of the
      // reducer's, at every level.
      made = build(Self(sharing: box.forwardingSharing(stashes: reached.stashes), body))
    } else {
      made = plain
    }
    box.reducer = made
    box.ownFields = plain.sharing?.fields ?? []
    let madeBody = made.body
    guard made.sharing != nil else {
      return Self(sharing: nil) { [box] state, action, environment in
        withExtendedLifetime(box) { madeBody(&state, action, environment) }
      }
    }
    return Self(sharing: made.sharing) { [box] state, action, environment in
      // Inside, each level syncs its rows' own copies; the syncs outside reach them all.
      let context = SharedStepContext.forThisThread
      context.pointee.recursiveBodies += 1
      defer { context.pointee.recursiveBodies -= 1 }
      return withExtendedLifetime(box) { madeBody(&state, action, environment) }
    }
  }

  static func ranWhileBuilding() -> Never {
    preconditionFailure(
      """
      A recursive reducer ran before it was made.

      Reducer.recursive hands build a reducer that stands for the one build returns; it runs \
      that reducer, so it cannot run inside build. Only compose it there.
      """)
  }
}
