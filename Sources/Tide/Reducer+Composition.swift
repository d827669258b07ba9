import TideInspect

extension Reducer {
  /// Combines reducers into one that runs each, in order, over the same state and merges their
  /// effects.
  ///
  /// <!-- example: given analytics: Reducer<Counter.State, Counter.Action, Counter.Environment>, navigation: Reducer<Counter.State, Counter.Action, Counter.Environment>, core: Reducer<Counter.State, Counter.Action, Counter.Environment> -->
  /// ```swift
  /// let app = Reducer.combine(analytics, navigation, core)
  /// ```
  ///
  /// - Parameters:
  ///   - reducers: The reducers to run, in the order given.
  /// - Returns: A reducer whose effect is the merge of every reducer's effect.
  @inlinable
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// Combines an array of reducers into one that runs each, in order, over the same state and
  /// merges their effects.
  ///
  /// <!-- example: given analytics: Reducer<Counter.State, Counter.Action, Counter.Environment>, navigation: Reducer<Counter.State, Counter.Action, Counter.Environment>, core: Reducer<Counter.State, Counter.Action, Counter.Environment> -->
  /// ```swift
  /// let app = Reducer.combine([analytics, navigation, core])
  /// ```
  ///
  /// The children that the reducers' operators run (`ifLet`, `forEach`, `ifCaseLet`, stacks)
  /// are looked at around the whole step: a reducer that removes another one's child cancels
  /// that child's effects in the step, as the operator does when its own parent removes it.
  ///
  /// - Parameters:
  ///   - reducers: The reducers to run, in the order given.
  /// - Returns: A reducer whose effect is the merge of every reducer's effect.
  @inlinable
  public static func combine(_ reducers: [Self]) -> Self {
    let watches = reducers.flatMap(\.watches)
    guard !watches.isEmpty, reducers.count > 1 else {
      return combiningBodies(reducers).watching(watches)
    }
    if watches.count == 1, reducers.count == 2,
      reducers.lazy.filter({ $0.sharing != nil }).count < 2
    {
      // An operator beside a sibling, the common case: one closure that calls both bodies and
      // the two looks, each captured one by one.
      let first = reducers[0].body
      let second = reducers[1].body
      let before = watches[0].before
      let after = watches[0].after
      let sharing = SharedSync.merging(reducers[0].sharing, reducers[1].sharing)
      return Self(sharing: sharing, watches: watches) { state, action, environment in
        let snapshot = before(state)
        let effect = first(&state, action, environment)
          .merged(with: second(&state, action, environment))
        if case .absent = snapshot { return effect }
        let cancellation = after(state, snapshot)
        return cancellation.isNone ? effect : effect.adding(cancellation)
      }
    }
    let combined = combiningBodies(reducers)
    // A member that removes a child another member's operator runs does so where that operator
    // cannot see: the children are looked at around the whole step, as the operator looks
    // around its own parent, and the effects of what the step removed are cancelled in it.
    return watchingChildren(watches, sharing: combined.sharing, combined.body)
  }

  /// The members run in order, their effects merged: `combine` without looking at the children
  /// the members' operators run.
  @inlinable
  static func combiningBodies(_ reducers: [Self]) -> Self {
    let sharing = reducers.reduce(nil) { SharedSync.merging($0, $1.sharing) }
    if reducers.lazy.filter({ $0.sharing != nil }).count >= 2 {
      return sharedCombining(reducers, sharing: sharing!)
    }
    switch reducers.count {
    case 1:
      return reducers[0]
    case 2:
      // A child pulled back beside its parent, the common case: two closures captured one by
      // one, not an array walked per action, which made five nested levels 4× slower.
      let first = reducers[0].body
      let second = reducers[1].body
      return Self(sharing: sharing) { state, action, environment in
        first(&state, action, environment).merged(with: second(&state, action, environment))
      }
    default:
      return combining(reducers, sharing: sharing)
    }
  }

  /// Runs the reducers in order, and after each that reaches shared copies, gives every copy
  /// the newest value: the next one sees the change.
  @usableFromInline
  static func sharedCombining(_ reducers: [Self], sharing: SharedSync<State>) -> Self {
    Self(sharing: sharing) { state, action, environment in
      var effects: [Effect<Action>] = []
      for reducer in reducers {
        let effect = reducer.body(&state, action, environment)
        if reducer.sharing != nil { sharing.sync(&state) }
        if !effect.isNone { effects.append(effect) }
      }
      return effects.isEmpty ? .none : effects.count == 1 ? effects[0] : .merge(effects)
    }
  }

  /// Any number of reducers, with no array per action unless two of them return effects.
  @usableFromInline
  static func combining(_ reducers: [Self], sharing: SharedSync<State>?) -> Self {
    Self(sharing: sharing) { state, action, environment in
      // Most actions start nothing: no array unless a second reducer returns an effect.
      var first = Effect<Action>.none
      var others: [Effect<Action>] = []
      for reducer in reducers {
        let effect = reducer.body(&state, action, environment)
        if effect.isNone { continue }
        if first.isNone { first = effect } else { others.append(effect) }
      }
      return others.isEmpty ? first : .merge([first] + others)
    }
  }

  /// Returns a reducer that runs this one, then `other`, over the same state.
  ///
  /// <!-- example: given core: Reducer<Counter.State, Counter.Action, Counter.Environment>, logging: Reducer<Counter.State, Counter.Action, Counter.Environment> -->
  /// ```swift
  /// let reducer = core.combined(with: logging)
  /// ```
  ///
  /// - Parameters:
  ///   - other: The reducer to run second.
  /// - Returns: The combined reducer.
  @inlinable
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }

  /// Lifts this reducer, which works on a child domain, into a parent domain.
  ///
  /// The result handles only the parent actions that `action` can extract a child action from;
  /// it runs this reducer on the state at `state`, hands it the environment `environment` derives,
  /// and wraps the actions of the returned effect back into parent actions.
  ///
  /// One feature can be pulled back at several places (two counters, two pickers each with its
  /// sheet): what its `ifLet`s and `forEach`s keep apart (which effects a dismissed sheet or a
  /// removed row started) is kept apart per place, so closing one copy's sheet never cancels the
  /// other's. Cancellation identifiers the feature writes itself are not made private: a parent
  /// can cancel a child's effect by an identifier the two share.
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
  @inlinable
  public func pullback<ParentState, ParentAction: Sendable, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    // Inlinable, so that each feature's action goes through code specialized for its types, and
    // the child's state is reached in place (by its offset when it is stored inline).
    let body = self.body
    let child = InlineKeyPath(state)
    let position = PulledBackPosition.scope(of: state)
    // A combine around the parent looks at the child's children too (see ``ChildWatch``).
    let watches = watches.map { $0.pulledBack(child, action: action, position: position) }
    return .init(sharing: sharing?.pulledBack(state), watches: watches) {
      parentState, parentAction, parentEnvironment in
      guard let childAction = action.extract(parentAction) else { return .none }
      let childEnvironment = environment(parentEnvironment)
      let effect = child.modify(&parentState) { body(&$0, childAction, childEnvironment) }
      // Most actions start nothing; `map` is not specialised here, and skipping it is most of
      // what made five nested levels cost 2.5× a send instead of 11×. The identifiers the
      // child's operators made are private to this place: the same feature pulled back at two
      // places keeps the two copies' screens, rows and their effects apart.
      return effect.isNone ? .none : effect.map(action.embed).scopingOperatorIDs(to: position)
    }
  }

  /// Lifts this reducer into a larger environment, keeping its state and action: the way to run
  /// a feature at the root of an app whose environment holds more than the feature needs (a
  /// save call for ``persisting(_:debounce:clock:save:)``, a clock for the app's own code).
  ///
  /// The reducer runs on every action, with the environment `environment` derives; its effects
  /// and their identifiers are unchanged, as the state and the action are.
  ///
  /// ```swift
  /// struct AppEnvironment: Sendable {
  ///   var login: Login.Environment
  ///   var save: @Sendable ([String]) async throws -> Void
  /// }
  /// let appReducer: Reducer<Login.State, Login.Action, AppEnvironment> =
  ///   Login.reducer.pullback(environment: { $0.login })
  /// ```
  ///
  /// - Parameters:
  ///   - environment: A function that derives this reducer's environment from the larger one.
  /// - Returns: The same reducer over the larger environment.
  @inlinable
  public func pullback<ParentEnvironment>(
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<State, Action, ParentEnvironment> {
    let body = self.body
    return .init(sharing: sharing, watches: watches) { state, action, parentEnvironment in
      body(&state, action, environment(parentEnvironment))
    }
  }
}

extension Reducer {
  /// Runs this reducer on one case of an enum state: the way to compose the screens a parent can
  /// show one at a time (a destination: a sheet, an alert, a pushed screen) into one reducer.
  ///
  /// It does not cancel the case's effects when the state leaves the case: a destination's
  /// presenting `ifLet` does that. For the phases of an app (logged out, logged in), whose
  /// requests must stop when the app moves on, use ``ifCaseLet(_:action:environment:child:fileID:filePath:line:column:)-(CasePath<State,ChildState>,_,_,_,_,_,_,_)``.
  ///
  /// For an action that `action` extracts a child action from, this reducer runs on the case's
  /// payload, in place. When the state is in another case, nothing changes and the action is
  /// reported (a runtime warning from a ``Store``, a test failure from a `TestStore`):
  ///
  /// ```
  /// An action was sent to a case of the state that is not the current one.
  ///
  ///   Action: .nameChanged("Work")
  ///   State: .alert
  ///   Reducer: pullback(state: Rename.State) at Places/Destination.swift:14
  ///
  /// Send it only while the state is in the child's case.
  /// ```
  ///
  /// An action that an effect sent begins "An effect sent an action" and ends with where to
  /// cancel that effect.
  ///
  /// ```swift
  /// enum Rename {
  ///   struct State: Equatable { var name = "" }
  ///   enum Action: Sendable, Equatable { case nameChanged(String) }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     guard case .nameChanged(let name) = action else { return .none }
  ///     state.name = name
  ///     return .none
  ///   }
  /// }
  /// enum Destination {
  ///   enum State: Equatable, DestinationState {
  ///     case rename(Rename.State)
  ///     case alert(AlertState<Alert>)
  ///   }
  ///   enum Alert: Sendable, Equatable { case confirmDeletion }
  ///   enum Action: Sendable, Equatable {
  ///     case rename(Rename.Action)
  ///     case alert(Alert)
  ///   }
  ///   static let reducer: Reducer<State, Action, Void> = Rename.reducer.pullback(
  ///     state: CasePath(State.rename), action: CasePath(Action.rename), environment: { _ in })
  /// }
  ///
  /// var state = Destination.State.rename(Rename.State())
  /// _ = Destination.reducer.reduce(into: &state, action: .rename(.nameChanged("Work")), environment: ())
  /// print(state == .rename(Rename.State(name: "Work")))  // true
  /// ```
  ///
  /// - Parameters:
  ///   - state: A case path from the parent's enum state to this reducer's state.
  ///   - action: A case path from the parent action to this reducer's action.
  ///   - environment: A function that derives this reducer's environment from the parent's.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer over the parent domain.
  @inlinable
  public func pullback<ParentState, ParentAction: Sendable, ParentEnvironment>(
    state: CasePath<ParentState, State>,
    action: CasePath<ParentAction, Action>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    let body = self.body
    let lifetime = ChildLifetime(
      name: "pullback(state: \(Inspector.typeName(State.self)))", fileID: fileID,
      filePath: filePath,
      line: line, column: column)
    return .init(sharing: sharing?.pulledBack(state)) {
      parentState, parentAction, parentEnvironment in
      guard let childAction = action.extract(parentAction) else { return .none }
      let childEnvironment = environment(parentEnvironment)
      guard let effect = state.modify(&parentState, { body(&$0, childAction, childEnvironment) })
      else {
        lifetime.reportOtherCase(childAction, state: parentState)
        return .none
      }
      // The identifiers the child's operators made are private to this case, as `pullback` by
      // key path makes them private to its place.
      return effect.isNone ? .none : lifetime.scopingOperatorIDs(of: effect.map(action.embed))
    }
  }
}
