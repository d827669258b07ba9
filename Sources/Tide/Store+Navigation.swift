extension Store where Action: CasePathable {
  /// A binding that is `true` while a child is presented; setting it to `false` sends the
  /// child's `.dismiss`: what a sheet, an alert or a popover is shown with.
  ///
  /// ```swift
  /// enum Notes {
  ///   struct State: Equatable { var editor: String? = "Draft" }
  ///   enum Action: Sendable, Equatable, CasePathable {
  ///     case editor(PresentationAction<Never>)
  ///     struct AllCasePaths {
  ///       var editor: CasePath<Action, PresentationAction<Never>> { CasePath(Action.editor) }
  ///     }
  ///     static var allCasePaths: AllCasePaths { AllCasePaths() }
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
  ///     .ifLet(\.editor, action: CasePath(Action.editor))
  /// }
  /// let store = Store(initialState: Notes.State(), reducer: Notes.reducer, environment: ())
  /// let isPresented = store.isPresenting(\.editor, action: \.editor)
  /// isPresented.set(false)  // the user swiped the sheet down
  /// print(isPresented.value, store.state.editor == nil)  // false true
  /// ```
  ///
  /// In SwiftUI: `.sheet(isPresented: store.isPresenting(\.editor, action: \.editor).swiftUI)`.
  /// Reading ``StoreBinding/value`` is tracked by Observation: the view is told when the child
  /// comes or goes, not when it changes.
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the child's optional state.
  ///   - action: A key path to the case path of the child's presentation actions.
  /// - Returns: The binding.
  public func isPresenting<ChildState, ChildAction: Sendable>(
    _ state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>
  ) -> StoreBinding<Bool> {
    let dismiss = Action.allCasePaths[keyPath: action].embed(.dismiss)
    // The child's own path is tracked, with an equality that sees only its presence. A key
    // path appended to it instead (`.appending(path: \.isPresent)`) crashed reading through
    // `\.destination?.rename` in the app's tests (Swift 6.3.1; a small program does not
    // reproduce it), and the path as given needs nothing appended.
    let samePresence: (ChildState?, ChildState?) -> Bool = { ($0 == nil) == ($1 == nil) }
    return StoreBinding(
      read: { [self] in track(state, isEqual: samePresence) != nil },
      write: { [self] isPresented in
        // Presenting is the feature's to do, with the state it chooses; only a dismissal
        // comes from the view.
        if !isPresented, currentState[keyPath: state] != nil { send(dismiss) }
      })
  }

  /// A binding to the identifiers of a navigation stack's screens: what SwiftUI's
  /// `NavigationStack(path:)` shows, and what it shortens when the user goes back, which this
  /// binding sends as `.popFrom(id:)` of the first screen that went.
  ///
  /// ```swift
  /// enum Browser {
  ///   struct State: Equatable { var path = StackState(["List", "Detail", "Map"]) }
  ///   enum Action: Sendable, Equatable, CasePathable {
  ///     case path(StackAction<String, Never>)
  ///     struct AllCasePaths {
  ///       var path: CasePath<Action, StackAction<String, Never>> { CasePath(Action.path) }
  ///     }
  ///     static var allCasePaths: AllCasePaths { AllCasePaths() }
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
  ///     .forEach(\.path, action: CasePath(Action.path), environment: { _ in }, child: .empty)
  /// }
  /// let store = Store(initialState: Browser.State(), reducer: Browser.reducer, environment: ())
  /// let path = store.stackPath(\.path, action: \.path)
  /// path.set([0])  // the user went back twice
  /// print(store.state.path.ids)  // [#0]
  /// ```
  ///
  /// A view pushes by sending the feature's own actions, which append to the stack; a path set
  /// to anything but a shorter prefix of the identifiers (a push or a reorder from the view)
  /// changes nothing and is reported.
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the stack.
  ///   - action: A key path to the case path of the stack's actions.
  /// - Returns: The binding.
  public func stackPath<ElementState: Sendable, ElementAction: Sendable>(
    _ state: KeyPath<State, StackState<ElementState>>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, StackAction<ElementState, ElementAction>>>
  ) -> StoreBinding<[StackElementID]> {
    let ids = state.appending(path: \.ids)
    let stack = Action.allCasePaths[keyPath: action]
    return StoreBinding(
      read: { [self] in track(ids, isEqual: ==) },
      write: { [self] newIDs in
        let current = currentState[keyPath: ids]
        guard newIDs != current else { return }
        guard newIDs.count < current.count, Array(current.prefix(newIDs.count)) == newIDs else {
          IssueReporter.current.report(
            """
            A navigation stack's path was set to screens it does not hold.

              Path: \(describe(current))
              Set to: \(describe(newIDs))

            A view can only go back (a shorter path); push by sending the feature's action, \
            which appends to the stack.
            """)
          return
        }
        send(stack.embed(.popFrom(id: current[newIDs.count])))
      })
  }
}

extension Store where Action: CasePathable {
  /// Returns the store of one screen of a navigation stack: `nil` when the stack has no screen
  /// with `id`, the same store while the screen stays, and `nil` once it is popped. Its actions
  /// reach the screen as `.element(id:action:)`. The SwiftUI modifier
  /// `navigationDestination(_:state:action:destination:)` gives each screen's view this store.
  ///
  /// <!-- example: given store: Store<App.State, App.Action> -->
  /// ```swift
  /// if let place = store.scope(state: \.path, id: 0, action: \.path) {
  ///   place.send(.renameTapped)  // reaches the app as .path(.element(id: 0, action: .renameTapped))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the stack.
  ///   - id: The screen's identifier.
  ///   - action: A key path to the case path of the stack's actions.
  /// - Returns: The screen's store, or `nil` when the stack has no screen with `id`.
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    state: KeyPath<State, StackState<ElementState>>, id: StackElementID,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, StackAction<ElementState, ElementAction>>>
  ) -> Store<ElementState, ElementAction>? {
    optionalScope(
      state: state.appending(path: \.[id: id]), action: action,
      gone: "a screen popped from its stack"
    ) {
      let stack = Action.allCasePaths[keyPath: action]
      return CasePath(
        embed: { stack.embed(.element(id: id, action: $0)) },
        extract: {
          guard case .element(id, let element)? = stack.extract($0) else { return nil }
          return element
        })
    }
  }
}
