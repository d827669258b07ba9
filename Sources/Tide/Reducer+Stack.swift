extension Reducer {
  /// Runs the screens of a navigation stack beside this reducer: each screen's actions by
  /// identifier, its pushes and pops, and the cancellation of every effect of a screen that a
  /// step pops.
  ///
  /// - `.element(id:action:)` runs `child` on that screen first, then this reducer. A screen's
  ///   ``Effect/dismiss(fileID:filePath:line:column:)`` becomes `.popFrom(id:)` for it.
  /// - `.popFrom(id:)` runs this reducer with the screen still there, then pops it and every
  ///   screen above it.
  /// - `.push(id:state:)` pushes the screen, then runs this reducer, which sees it in the stack:
  ///   it may change it, or refuse the push by popping it (`state.path.pop(from: id)`), in which
  ///   case the screen is never shown.
  ///
  /// Whatever pops a screen (these actions, or this reducer changing the ``StackState``), every
  /// effect the screen started is cancelled in the same step. Cancellation identifiers inside a
  /// screen are its own. An action for a screen that is not in the stack, a pop of such a screen,
  /// or a push with an identifier the stack has already given, changes nothing and is reported.
  ///
  /// ```swift
  /// enum Detail {
  ///   struct State: Equatable { var name: String }
  ///   enum Action: Sendable, Equatable { case deleteTapped }
  ///   static let reducer = Reducer<State, Action, Void> { _, action, _ in
  ///     .dismiss()
  ///   }
  /// }
  /// enum Places {
  ///   struct State: Equatable { var path = StackState<Detail.State>() }
  ///   enum Action: Sendable, Equatable {
  ///     case placeTapped(String)
  ///     case path(StackAction<Detail.State, Detail.Action>)
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     if case .placeTapped(let name) = action { state.path.append(Detail.State(name: name)) }
  ///     return .none
  ///   }
  ///   .forEach(\.path, action: CasePath(Action.path), environment: { _ in }, child: Detail.reducer)
  /// }
  ///
  /// let store = Store(initialState: Places.State(), reducer: Places.reducer, environment: ())
  /// store.send(.placeTapped("Home"))
  /// print(store.state.path.ids)  // [#0]
  /// store.send(.path(.element(id: 0, action: .deleteTapped)))
  /// print(store.state.path.isEmpty)  // true
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the stack.
  ///   - action: A case path from this reducer's action to the stack's actions.
  ///   - environment: A function that derives a screen's environment from this one's.
  ///   - child: The reducer of each screen; for a stack of several kinds of screen, an enum state
  ///     whose cases are composed with `pullback(state:action:environment:)` over case paths.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with each screen's effects tied to the screen.
  @inlinable
  public func forEach<ElementState: Sendable, ElementAction: Sendable, ElementEnvironment>(
    _ state: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: CasePath<Action, StackAction<ElementState, ElementAction>>,
    environment: @escaping @Sendable (Environment) -> ElementEnvironment,
    child: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let lifetime = ChildLifetime(
      operator: "forEach", path: state, fileID: fileID, filePath: filePath, line: line,
      column: column)
    let stack = InlineKeyPath(state)
    let childBody = child.body
    let childSharing = child.sharing?.screens(state)
    let screenSharing = childSharing != nil ? child.sharing : nil
    var sharing = SharedSync.merging(self.sharing, childSharing)
    if screenSharing != nil { sharing?.stashes = true }
    let sync = Self.syncBetween(self.sharing, childSharing)
    // The parent runs after the child: with copies on both sides, it first sees the child's change.
    let core = sharedCore(sync)
    return Self(sharing: sharing) { parentState, parentAction, parentEnvironment in
      let (before, lineage, next) = stack.modify(&parentState) { ($0.ids, $0.lineage, $0.nextID) }
      var elementEffect = Effect<Action>.none
      var childRan = false
      var operation: ((inout StackState<ElementState>) -> Void)?
      switch action.extract(parentAction) {
      case .element(let id, let elementAction)? where !id.belongs(to: lineage):
        // As for a screen that is not in the stack: reported, and the parent still sees it.
        lifetime.reportScreenOfReplacedStack(elementAction, id: id)
      case .element(let id, let elementAction)?:
        let elementEnvironment = environment(parentEnvironment)
        let found = stack.modify(&parentState) { path in
          path.modify(id: id) { screen in
            let effect = childBody(&screen, elementAction, elementEnvironment)
            screenSharing?.stash(screen)
            return effect
          }
        }
        childRan = found != nil
        if let found {
          if !found.isNone {
            // As the stack gave it: the screen's actions name this stack's screen alone.
            let id = StackElementID(rawValue: id.rawValue, lineage: lineage)
            elementEffect = found.map { action.embed(.element(id: id, action: $0)) }
              .replacingDismissal(with: action.embed(.popFrom(id: id)))
              .owned(by: lifetime.id(for: StackScreenID(id, lineage: lineage)))
          }
        } else {
          lifetime.reportMissingScreen(elementAction, id: id, lineage: lineage)
        }
      case .popFrom(let id)?:
        if !id.belongs(to: lineage) {
          lifetime.reportScreenOfReplacedStack(
            StackAction<ElementState, ElementAction>.popFrom(id: id), id: id)
        } else if before.contains(id) {
          operation = { $0.pop(from: id) }
        } else {
          lifetime.reportPopOfMissingScreen(id)
        }
      case .push(let id, let element)?:
        // Pushed before this reducer runs, so that it sees the screen and can refuse it.
        let nextID = stack.modify(&parentState) { $0.nextID }
        if id < nextID {
          lifetime.reportReusedID(id, nextID: nextID)
        } else if id > .largest {
          lifetime.reportTooLargeID(id)
        } else {
          stack.modify(&parentState) { _ = $0.push(element, id: id) }
        }
      case nil:
        break
      }
      let effect = core(&parentState, parentAction, parentEnvironment, childRan)
      if let operation { stack.modify(&parentState, operation) }
      let (after, afterLineage) = stack.modify(&parentState) { path in
        // An older copy of this stack put back (an undo) counts on from where this one was, so
        // that an identifier given since is not given again.
        if path.lineage == lineage { path.countOn(from: next) }
        return (path.ids, path.lineage)
      }
      guard after != before || afterLineage != lineage else {
        return elementEffect.merged(with: effect)
      }
      // A stack made anew in place of this one pops every screen it had.
      let popped = afterLineage == lineage ? removedIDs(before: before, after: after) : before
      // Each popped screen's effects, by the lineage of the stack it was in.
      return .merge(
        [elementEffect, effect]
          + popped.map { .cancel(id: lifetime.id(for: StackScreenID($0, lineage: lineage))) })
    }
    .syncingAfter(sync, sharing: sharing) { stack.modify(&$0) { !$0.isEmpty } }
    .watching(
      watches + [
        ChildWatch(
          before: { state in stack.reading(state) { $0.isEmpty ? .absent : .screens($0.ids) } },
          after: { state, snapshot in
            guard case .screens(let before) = snapshot else { return .none }
            let (after, lineage) = stack.reading(state) { ($0.ids, $0.lineage) }
            // The screens' identifiers carry their stack's lineage: another one pops them all.
            let replaced = before.first.map { !$0.belongs(to: lineage) } ?? false
            guard after != before || replaced else { return .none }
            let popped = replaced ? before : removedIDs(before: before, after: after)
            return .merge(
              popped.map { .cancel(id: lifetime.id(for: StackScreenID($0, lineage: $0.lineage))) })
          })
      ])
  }
}

/// The identifiers in `before` that are not in `after`; both are increasing.
@usableFromInline
func removedIDs(before: [StackElementID], after: [StackElementID]) -> [StackElementID] {
  var removed: [StackElementID] = []
  var position = after.startIndex
  for id in before {
    while position < after.endIndex, after[position] < id { position += 1 }
    if position < after.endIndex, after[position] == id { continue }
    removed.append(id)
  }
  return removed
}

extension ChildLifetime {
  @usableFromInline
  func reportMissingScreen(_ action: some Sendable, id: StackElementID, lineage: UInt64) {
    reportMissing(action, id: StackScreenID(id, lineage: lineage), in: .stack)
  }

  @usableFromInline
  func reportPopOfMissingScreen(_ id: StackElementID) {
    IssueReporter.current.report(
      """
      A pop named a screen that is not in the stack.

        ID: \(id)
        Reducer: \(name) at \(location.fileID):\(location.line)

      No screen has this identifier: it was popped already, or never pushed. Nothing was popped.
      """,
      at: location)
  }

  @usableFromInline
  func reportTooLargeID(_ id: StackElementID) {
    IssueReporter.current.report(
      """
      A screen was pushed with an identifier above the largest a stack takes.

        ID: \(id)
        Largest: \(StackElementID.largest)
        Reducer: \(name) at \(location.fileID):\(location.line)

      Push with the stack's next identifier, or append to the stack in the reducer.
      """,
      at: location)
  }

  /// Reports an action for a screen of a stack that another one has since replaced.
  @usableFromInline
  func reportScreenOfReplacedStack(_ action: some Sendable, id: StackElementID) {
    let details = """
        Action: \(describe(action))
        ID: \(id)
        Reducer: \(name) at \(location.fileID):\(location.line)
      """
    // Replaced above the operator, where no step of its looked: the old screen's effects ran on
    // until this one of theirs arrived.
    let screen = EffectID(self.id(for: StackScreenID(id, lineage: id.lineage)))
    if IssueReporter.isReducingEffectAction, cancelsOrphanedEffects(where: { $0 == screen }) {
      return IssueReporter.current.report(
        """
        An effect of a screen sent it an action after its stack was replaced by another.

        \(details)

        \(orphanAdvice("The stack", went: "was replaced", fix: "Replace stacks"))
        """,
        at: location)
    }
    IssueReporter.current.report(
      """
      An action was sent to a screen of a stack that has since been replaced by another.

      \(details)

      A StackState made anew (state.path = StackState(…)) numbers its screens from #0 again, \
      but it is another stack: the screens of the one it replaced were popped, and their \
      effects cancelled, when it was replaced. This identifier was given by the old stack, so \
      the action reached no screen, though the new stack may have one with that number. Stop \
      sending to a screen once it is popped.
      """,
      at: location)
  }

  @usableFromInline
  func reportReusedID(_ id: StackElementID, nextID: StackElementID) {
    IssueReporter.current.report(
      """
      A screen was pushed with an identifier the stack has already given.

        ID: \(id)
        Next identifier: \(nextID)
        Reducer: \(name) at \(location.fileID):\(location.line)

      Each pushed screen needs a new identifier, so that no action meant for an earlier screen \
      reaches it: push with \(nextID) or above, or append to the stack in the reducer.
      """,
      at: location)
  }
}
