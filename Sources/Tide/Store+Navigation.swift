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

  /// A binding to a navigation stack's path: what SwiftUI's `NavigationStack(path:)` shows. Each
  /// entry is a screen the stack holds (``StackPathElement/screen(_:)``, written as its
  /// identifier); when the user goes back, SwiftUI shortens the path, and the binding sends
  /// `.popFrom(id:)` of the first screen that went; when a link appends
  /// ``StackPathElement/push(_:)`` (`NavigationLink(value: StackPathElement.push(state))`, from any screen of
  /// the stack), it sends `.push(id:state:)` with the stack's next identifier.
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
  /// path.set([0, .push("Settings")])  // a link pushed a screen
  /// print(store.state.path.ids, Array(store.state.path))  // [#0, #3] ["List", "Settings"]
  /// ```
  ///
  /// Any other path (a screen the stack does not hold, a reorder, a screen after one to push)
  /// changes nothing and is reported.
  ///
  /// - Parameters:
  ///   - state: A key path from this store's state to the stack.
  ///   - action: A key path to the case path of the stack's actions.
  /// - Returns: The binding.
  public func stackPath<ElementState: Sendable, ElementAction: Sendable>(
    _ state: KeyPath<State, StackState<ElementState>>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, StackAction<ElementState, ElementAction>>>
  ) -> StoreBinding<[StackPathElement<ElementState>]> {
    let ids = state.appending(path: \.ids)
    let stack = Action.allCasePaths[keyPath: action]
    return StoreBinding(
      read: { [self] in
        let linked = links(of: state)
        // A stack made anew in place of this one, with the same numbers, is another path.
        return track(ids, isEqual: { $0 == $1 && $0.first?.lineage == $1.first?.lineage }).map {
          id in
          linked[id].map { StackPathElement(kind: .pushed(id, number: $0)) } ?? .screen(id)
        }
      },
      write: { [self] newPath in
        let current = currentState[keyPath: ids]
        // A link's entry the stack pushed already (SwiftUI writing back a path it held before
        // the push was reduced) is that screen.
        let linked = links(of: state)
        let screenOfLink = Dictionary(linked.map { ($1, $0) }) { first, _ in first }
        let resolved = newPath.map { entry in
          entry.id ?? entry.pushNumber.flatMap { screenOfLink[$0] }
        }
        // The screens kept, then the states to push: a link appends its entry to the path.
        let kept = resolved.prefix { $0 != nil }.compactMap { $0 }
        let pushes = newPath.dropFirst(kept.count).map { entry -> (ElementState, Int)? in
          guard case .push(let pushed, let number) = entry.kind else { return nil }
          return (pushed, number)
        }
        // An entry of a stack that has since been replaced (numbered alike) is not one of
        // these screens; one written as a number is the screen with that number.
        guard kept.count <= current.count,
          zip(current, kept).allSatisfy({ $0 == $1 && $1.belongs(to: $0.lineage) }),
          pushes.allSatisfy({ $0 != nil })
        else {
          IssueReporter.current.report(
            """
            A navigation stack's path was set to screens it does not hold.

              Path: [\(current.map(\.description).joined(separator: ", "))]
              Set to: [\(newPath.map(\.description).joined(separator: ", "))]

            A view goes back (a shorter path) or pushes (a link's .push(state), after the \
            screens the stack holds); it cannot add a screen the stack does not hold or \
            reorder the stack.
            """)
          return
        }
        // Pushes go on top of what the view kept: a parent that keeps a screen the path went
        // back from (it refused the pop) gets none of them. A write made while the store is
        // sending (from an observer) queues its pop: the pushes queue behind it.
        let popped = current.dropFirst(kept.count)
        let isQueued = core.caches.isRootSending
        if let first = popped.first { send(stack.embed(.popFrom(id: first))) }
        let refused =
          !isQueued && !popped.isEmpty
          && currentState[keyPath: ids].contains { popped.contains($0) }
        var next = currentState[keyPath: state].nextID
        for case let (pushed, number)? in pushes where !refused {
          // Queued pushes take identifiers one after another; a reduced one, the stack's next.
          let id = isQueued ? next : currentState[keyPath: state].nextID
          next = StackElementID(rawValue: id.rawValue + 1)
          send(stack.embed(.push(id: id, state: pushed)))
          var linked = links(of: state)
          linked[id] = number
          pushedByLinks[state] = (currentState[keyPath: state].lineage, linked)
        }
        // Only the screens the stack still holds (a parent may refuse a push by popping it);
        // queued pushes are not held yet, and the next write sorts them out.
        guard !isQueued else { return }
        let held = Set(currentState[keyPath: ids])
        pushedByLinks[state] = (
          currentState[keyPath: state].lineage, links(of: state).filter { held.contains($0.key) }
        )
      })
  }

  /// The links' screens of the stack at `state` (``pushedByLinks``), while it is the stack they
  /// were pushed onto.
  private func links<ElementState>(of state: KeyPath<State, StackState<ElementState>>)
    -> [StackElementID: Int]
  {
    guard let entry = pushedByLinks[state], entry.lineage == currentState[keyPath: state].lineage
    else { return [:] }
    return entry.links
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
    // The screen of this stack: once another stack replaces it (numbering from #0 again), the
    // store is gone, and a scope then makes a new one for the new stack's screen. The lineage is
    // an index of its own in the key path, as identifiers compare by number alone; an identifier
    // of a stack that is gone names no screen, ever.
    let lineage = currentState[keyPath: state].lineage
    guard id.belongs(to: lineage) else { return nil }
    let number = StackElementID(rawValue: id.rawValue)
    let id = StackElementID(rawValue: id.rawValue, lineage: lineage)
    return optionalScope(
      state: state.appending(path: \.[id: number, lineage: lineage]), action: action,
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
