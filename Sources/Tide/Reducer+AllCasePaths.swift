extension Reducer where Action: CasePathable {
  /// Runs a child feature on optional state beside this reducer, its actions named by a key path
  /// into the action's `AllCasePaths`, as a store's `scope` names them: the same as
  /// ``ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,ChildAction>,_,_,_,_,_,_)``
  /// with the case path the action lists.
  ///
  /// ```swift
  /// let reducer = Reducer<App.State, App.Action, App.Environment> { _, _, _ in .none }
  ///   .ifLet(\.login, action: \.login, environment: \.login, child: Login.reducer)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the child's optional state.
  ///   - action: A key path to the case path of the child's actions in `Action.AllCasePaths`.
  ///   - environment: A function that derives the child's environment from this one's.
  ///   - child: The child's reducer.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with the child's effects tied to its state.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, ChildAction>>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifLet(
      state, action: Action.allCasePaths[keyPath: action], environment: environment,
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Presents a child feature beside this reducer, its presentation actions named by a key path
  /// into the action's `AllCasePaths`: the same as
  /// ``ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,PresentationAction<ChildAction>>,_,_,_,_,_,_)``
  /// with the case path the action lists.
  ///
  /// ```swift
  /// let reducer = Reducer<App.State, App.Action, App.Environment> { _, _, _ in .none }
  ///   .ifLet(
  ///     \.search, action: \.addLocation, environment: \.addLocation, child: AddLocation.reducer)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the child's optional state.
  ///   - action: A key path to the case path of the child's presentation actions in
  ///     `Action.AllCasePaths`.
  ///   - environment: A function that derives the child's environment from this one's.
  ///   - child: The child's reducer.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with the child's effects tied to its presentation.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifLet(
      state, action: Action.allCasePaths[keyPath: action], environment: environment,
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Presents a child that has no logic of its own (an ``AlertState``, a
  /// ``ConfirmationDialogState``), its presentation actions named by a key path into the
  /// action's `AllCasePaths`: the same as
  /// ``ifLet(_:action:fileID:filePath:line:column:)-(_,CasePath<Action,PresentationAction<ChildAction>>,_,_,_,_)``
  /// with the case path the action lists.
  ///
  /// ```swift
  /// enum Confirm {
  ///   struct State: Equatable { var alert: AlertState<Alert>? }
  ///   enum Alert: Sendable, Equatable { case deleteTapped }
  ///   enum Action: Sendable, CasePathable {
  ///     case alert(PresentationAction<Alert>)
  ///     struct AllCasePaths { let alert = CasePath(Action.alert) }
  ///     static let allCasePaths = AllCasePaths()
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
  ///     .ifLet(\.alert, action: \.alert)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the child's optional state.
  ///   - action: A key path to the case path of the child's presentation actions in
  ///     `Action.AllCasePaths`.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs this one and dismisses the child when it acts.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifLet(
      state, action: Action.allCasePaths[keyPath: action], fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Runs a feature for each element of a collection beside this reducer, its actions named by
  /// a key path into the action's `AllCasePaths`: the same as
  /// ``forEach(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,(ElementState.ID,ElementAction)>,_,_,_,_,_,_)``
  /// with the case path the action lists.
  ///
  /// ```swift
  /// let reducer = Reducer<App.State, App.Action, App.Environment> { _, _, _ in .none }
  ///   .forEach(\.path, action: \.path, environment: \.addLocation, child: PlaceDetail.reducer)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the elements.
  ///   - action: A key path to the case path of an element's identifier and action in
  ///     `Action.AllCasePaths`.
  ///   - environment: A function that derives an element's environment from this one's.
  ///   - child: The reducer of each element.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with each element's effects tied to the element.
  @inlinable
  public func forEach<ElementState, ElementAction: Sendable, ElementEnvironment>(
    _ state: any WritableKeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, (ElementState.ID, ElementAction)>>,
    environment: @escaping @Sendable (Environment) -> ElementEnvironment,
    child: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where ElementState: SendableMetatype, ElementState.ID: Sendable {
    forEach(
      state, action: Action.allCasePaths[keyPath: action], environment: environment,
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the screens of a navigation stack beside this reducer, its actions named by a key
  /// path into the action's `AllCasePaths`: the same as
  /// ``forEach(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,StackAction<ElementState,ElementAction>>,_,_,_,_,_,_)``
  /// with the case path the action lists.
  ///
  /// ```swift
  /// let reducer = Reducer<App.State, App.Action, App.Environment> { _, _, _ in .none }
  ///   .forEach(\.path, action: \.path, environment: \.addLocation, child: PlaceDetail.reducer)
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the stack.
  ///   - action: A key path to the case path of the stack's actions in `Action.AllCasePaths`.
  ///   - environment: A function that derives a screen's environment from this one's.
  ///   - child: The reducer of each screen.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with each screen's effects tied to the screen.
  @inlinable
  public func forEach<ElementState: Sendable, ElementAction: Sendable, ElementEnvironment>(
    _ state: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: KeyPath<
      Action.AllCasePaths, CasePath<Action, StackAction<ElementState, ElementAction>>
    >,
    environment: @escaping @Sendable (Environment) -> ElementEnvironment,
    child: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    forEach(
      state, action: Action.allCasePaths[keyPath: action], environment: environment,
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Applies this feature's ``BindingAction``s to its state, their case named by a key path into
  /// the action's `AllCasePaths`: the same as ``binding(action:)-(CasePath<Action,BindingAction<State>>)``
  /// with the case path the action lists.
  ///
  /// ```swift
  /// let reducer = Reducer<RenamePlace.State, RenamePlace.Action, Void> { _, _, _ in .none }
  ///   .binding(action: \.binding)
  /// ```
  ///
  /// - Parameters:
  ///   - action: A key path to the case path of the binding actions in `Action.AllCasePaths`.
  /// - Returns: A reducer that sets the field, then runs this one.
  public func binding(action: KeyPath<Action.AllCasePaths, CasePath<Action, BindingAction<State>>>)
    -> Self
  {
    binding(action: Action.allCasePaths[keyPath: action])
  }
}

extension Reducer where State: CasePathable, Action: CasePathable {
  /// Runs a child feature on one case of an enum state beside this reducer, the case and its
  /// actions named by key paths into the `AllCasePaths` of the state and of the action: the same
  /// as ``ifCaseLet(_:action:environment:child:fileID:filePath:line:column:)-(CasePath<State,ChildState>,_,_,_,_,_,_,_)``
  /// with the case paths the two list.
  ///
  /// ```swift
  /// enum Entry {
  ///   enum State: Equatable, CasePathable {
  ///     case counting(Counter.State)
  ///     case done
  ///     struct AllCasePaths { let counting = CasePath(State.counting) }
  ///     static let allCasePaths = AllCasePaths()
  ///   }
  ///   enum Action: Sendable, CasePathable {
  ///     case counting(Counter.Action)
  ///     struct AllCasePaths { let counting = CasePath(Action.counting) }
  ///     static let allCasePaths = AllCasePaths()
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
  ///     .ifCaseLet(
  ///       \.counting, action: \.counting, environment: { _ in Counter.Environment() },
  ///       child: Counter.reducer)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: A key path to the case path of the child's state in `State.AllCasePaths`.
  ///   - action: A key path to the case path of the child's actions in `Action.AllCasePaths`.
  ///   - environment: A function that derives the child's environment from this one's.
  ///   - child: The child's reducer.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with the child's effects tied to the case.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: KeyPath<State.AllCasePaths, CasePath<State, ChildState>>,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, ChildAction>>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    ifCaseLet(
      State.allCasePaths[keyPath: state], action: Action.allCasePaths[keyPath: action],
      environment: environment, child: child, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension Reducer {
  /// Lifts this reducer into a parent domain, the parent's case of its actions named by a key
  /// path into the parent action's `AllCasePaths`: the same as
  /// ``pullback(state:action:environment:)-(_,CasePath<ParentAction,Action>,_)`` with the case
  /// path the parent's action lists.
  ///
  /// ```swift
  /// enum Screen {
  ///   struct State: Equatable { var login = Login.State() }
  ///   enum Action: Sendable, CasePathable {
  ///     case login(Login.Action)
  ///     struct AllCasePaths { let login = CasePath(Action.login) }
  ///     static let allCasePaths = AllCasePaths()
  ///   }
  ///   static let reducer: Reducer<State, Action, Login.Environment> = Login.reducer.pullback(
  ///     state: \.login, action: \.login, environment: { $0 })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from the parent state to this reducer's state.
  ///   - action: A key path to the case path of this reducer's actions in
  ///     `ParentAction.AllCasePaths`.
  ///   - environment: A function that derives this reducer's environment from the parent's.
  /// - Returns: A reducer over the parent domain.
  @inlinable
  public func pullback<ParentState, ParentAction: CasePathable & Sendable, ParentEnvironment>(
    state: any WritableKeyPath<ParentState, State> & Sendable,
    action: KeyPath<ParentAction.AllCasePaths, CasePath<ParentAction, Action>>,
    environment: @escaping @Sendable (ParentEnvironment) -> Environment
  ) -> Reducer<ParentState, ParentAction, ParentEnvironment> {
    pullback(
      state: state, action: ParentAction.allCasePaths[keyPath: action], environment: environment)
  }
}
