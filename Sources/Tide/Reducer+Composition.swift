extension Reducer {
  /// Combines reducers into one that runs each, in order, over the same state and merges their
  /// effects.
  ///
  /// <!-- example: fragment -->
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
  /// <!-- example: fragment -->
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
  /// <!-- example: fragment -->
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
  /// struct Screen: Equatable {
  ///   var login = Login.State()
  ///   var helpShown = false
  /// }
  /// enum ScreenAction: Sendable {
  ///   case login(Login.Action)
  ///   case helpTapped
  /// }
  /// let screenReducer = Reducer<Screen, ScreenAction, Login.Environment>.combine(
  ///   Login.reducer.pullback(
  ///     state: \.login,
  ///     action: CasePath(ScreenAction.login),
  ///     environment: { $0 }
  ///   ),
  ///   Reducer { state, action, _ in
  ///     if case .helpTapped = action { state.helpShown = true }
  ///     return .none
  ///   }
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
}
