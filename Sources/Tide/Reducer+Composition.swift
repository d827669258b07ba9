extension Reducer {
  /// Combines reducers into one that runs each, in order, over the same state and merges their
  /// effects.
  ///
  /// ```swift
  /// let app = Reducer.combine(analytics, navigation, core)
  /// ```
  ///
  /// - Parameters:
  ///   - reducers: The reducers to run, in the order given.
  /// - Returns: A reducer whose effect is the merge of every reducer's effect.
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// Combines an array of reducers into one that runs each, in order, over the same state and
  /// merges their effects.
  ///
  /// ```swift
  /// let app = Reducer.combine([analytics, navigation, core])
  /// ```
  ///
  /// - Parameters:
  ///   - reducers: The reducers to run, in the order given.
  /// - Returns: A reducer whose effect is the merge of every reducer's effect.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action, environment in
      var effects: [Effect<Action>] = []
      effects.reserveCapacity(reducers.count)
      for reducer in reducers {
        effects.append(reducer.body(&state, action, environment))
      }
      return .merge(effects)
    }
  }

  /// Returns a reducer that runs this one, then `other`, over the same state.
  ///
  /// ```swift
  /// let reducer = core.combined(with: logging)
  /// ```
  ///
  /// - Parameters:
  ///   - other: The reducer to run second.
  /// - Returns: The combined reducer.
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }

  /// Lifts this reducer, which works on a child domain, into a parent domain.
  ///
  /// The result handles only the parent actions that `action` can extract a child action from;
  /// it runs this reducer on the state at `state`, hands it the environment `environment` derives,
  /// and wraps the actions of the returned effect back into parent actions.
  ///
  /// ```swift
  /// let appReducer = Reducer<App.State, App.Action, App.Environment>.combine(
  ///   Login.reducer.pullback(
  ///     state: \.login,
  ///     action: CasePath(App.Action.login),
  ///     environment: { Login.Environment(login: $0.login, clock: $0.clock) }
  ///   ),
  ///   App.core
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from the parent state to this reducer's state.
  ///   - action: A case path from the parent action to this reducer's action.
  ///   - environment: A function that derives this reducer's environment from the parent's.
  /// - Returns: A reducer over the parent domain.
  public func pullback<ParentState, ParentAction: Sendable, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    .init { parentState, parentAction, parentEnvironment in
      guard let childAction = action.extract(parentAction) else { return .none }
      return body(&parentState[keyPath: state], childAction, environment(parentEnvironment))
        .map(action.embed)
    }
  }

  /// Turns this reducer into one that runs on optional state and does nothing while it is `nil`.
  ///
  /// An action that reaches the reducer while the state is `nil` usually means a parent forgot to
  /// cancel a child's effect or sent to a screen that is gone. It changes nothing and is reported:
  /// a runtime warning from a ``Store``, a test failure from a `TestStore`:
  ///
  /// ```
  /// An action was sent to an optional reducer while its state was nil.
  ///
  ///   Action: .locationTapped(2)
  ///   Reducer: optional() at AppFeature/App.swift:40
  ///
  /// Cancel the child's effects when its state becomes nil, or stop sending to it.
  /// ```
  ///
  /// ```swift
  /// let reducer = Search.reducer.optional().pullback(
  ///   state: \.search, action: CasePath(App.Action.search), environment: \.search
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file that builds the reducer, named in the warning.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer over optional state.
  public func optional(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Reducer<State?, Action, Environment> {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return .init { state, action, environment in
      guard state != nil else {
        IssueReporter.current.report(
          """
          An action was sent to an optional reducer while its state was nil.

            Action: \(describe(action))
            Reducer: optional() at \(location.fileID):\(location.line)

          Cancel the child's effects when its state becomes nil, or stop sending to it.
          """,
          at: location
        )
        return .none
      }
      return body(&state!, action, environment)
    }
  }

  /// Lifts this reducer, which works on one element, into a reducer over a parent whose state
  /// holds an array of identifiable elements.
  ///
  /// The parent action carries the element's identifier and the element's action. An action for
  /// an identifier that is not in the array changes nothing and is reported, like an action sent
  /// to ``optional(fileID:filePath:line:column:)`` while its state is `nil`.
  ///
  /// ```swift
  /// enum Todos {
  ///   enum Action: Sendable { case todo(id: Todo.ID, action: Todo.Action) }
  /// }
  /// let reducer = Todo.reducer.forEach(
  ///   state: \Todos.State.todos,
  ///   action: CasePath(Todos.Action.todo),
  ///   environment: { _ in Todo.Environment() }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from the parent state to the array of elements.
  ///   - action: A case path from the parent action to an element's identifier and action.
  ///   - environment: A function that derives an element's environment from the parent's.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer over the parent domain.
  public func forEach<ParentState, ParentAction: Sendable, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, [State]> & Sendable,
    action: CasePath<ParentAction, (State.ID, Action)>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment>
  where State: Identifiable & SendableMetatype, State.ID: Sendable {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return .init { parentState, parentAction, parentEnvironment in
      guard let (id, childAction) = action.extract(parentAction) else { return .none }
      guard
        let index = parentState[keyPath: state].indices.first(where: { index in
          parentState[keyPath: state][index].id == id
        })
      else {
        IssueReporter.current.report(
          """
          An action was sent to forEach for an element that is not in the collection.

            Action: \(describe(childAction))
            ID: \(id)
            Reducer: forEach at \(location.fileID):\(location.line)

          Cancel an element's effects when it is removed, or stop sending to it.
          """,
          at: location
        )
        return .none
      }
      return body(
        &parentState[keyPath: state][index], childAction, environment(parentEnvironment)
      )
      .map { action.embed((id, $0)) }
    }
  }
}
