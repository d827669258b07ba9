/// A pure function that evolves a feature's state in response to an action and describes the side
/// effects to run next.
///
/// A reducer never performs work itself. It mutates the state it is handed and returns an
/// ``Effect`` value; the ``Store`` (or a test harness) runs that effect and feeds any actions it
/// sends back through the reducer. All outside work goes through the `Environment`: a struct of
/// `@Sendable` closures (an API client, a clock) that the caller injects.
///
/// ```swift
/// enum Counter {
///   struct State: Equatable { var count = 0 }
///   enum Action: Sendable { case incrementTapped, decrementTapped }
///   struct Environment {}
///
///   static let reducer = Reducer<State, Action, Environment> { state, action, _ in
///     switch action {
///     case .incrementTapped: state.count += 1
///     case .decrementTapped: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// Reducers compose: ``combine(_:)-(...)`` runs several over the
/// same state, ``pullback(state:action:environment:)-(_,CasePath<ParentAction,Action>,_)`` lifts a child reducer into a parent domain,
/// ``ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,ChildAction>,_,_,_,_,_,_)`` and
/// ``forEach(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,(ElementState.ID,ElementAction)>,_,_,_,_,_,_)`` run a child over optional
/// and collection state, cancelling its effects when that state goes away.
public struct Reducer<State, Action: Sendable, Environment>: Sendable {
  @usableFromInline
  let body: @Sendable (inout State, Action, Environment) -> Effect<Action>
  /// How the ``Shared`` copies its state reaches are kept equal; `nil` when it reaches none,
  /// which is all a reducer without shared state pays for it.
  @usableFromInline
  let sharing: SharedSync<State>?
  /// The children its operators run, for a `combine` around it to look at (see ``ChildWatch``):
  /// empty for most reducers.
  @usableFromInline
  let watches: [ChildWatch<State, Action>]

  /// Creates a reducer from a closure that mutates state and returns an effect.
  ///
  /// ```swift
  /// let reducer = Reducer<Int, Bool, Void> { count, isUp, _ in
  ///   count += isUp ? 1 : -1
  ///   return .none
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - reduce: The closure that handles one action: it mutates the state in place, may read the
  ///     environment to build effects, and returns the effect to run (or ``Effect/none``).
  public init(_ reduce: @escaping @Sendable (inout State, Action, Environment) -> Effect<Action>) {
    self.body = reduce
    self.sharing = SharedSync.own(State.self)
    self.watches = []
  }

  /// A reducer built by an operator, which says which shared copies it reaches.
  @usableFromInline
  init(
    sharing: SharedSync<State>?, watches: [ChildWatch<State, Action>] = [],
    _ reduce: @escaping @Sendable (inout State, Action, Environment) -> Effect<Action>
  ) {
    self.body = reduce
    self.sharing = sharing
    self.watches = watches
  }

  /// This reducer, with `watches` for a `combine` around it to look at.
  @usableFromInline
  func watching(_ watches: [ChildWatch<State, Action>]) -> Self {
    Self(sharing: sharing, watches: watches, body)
  }

  /// This reducer, with its shared copies kept equal after it runs when it composes more than
  /// one feature that holds them (`sync`), and the child is there (`isPresent`): without it,
  /// there is nothing to keep equal with the parent's copies, which their own operators and the
  /// store keep, and a sync in every step of an app cost more than the step.
  @usableFromInline
  func syncingAfter(
    _ sync: SharedSync<State>?, sharing: SharedSync<State>?,
    whenPresent isPresent: @escaping @Sendable (inout State) -> Bool
  ) -> Self {
    guard let sync else { return Self(sharing: sharing, watches: watches, body) }
    let body = body
    return Self(sharing: sharing, watches: watches) { state, action, environment in
      let effect = body(&state, action, environment)
      if isPresent(&state) { sync.sync(&state) }
      return effect
    }
  }

  /// This reducer's body as an operator that runs a child calls it (see ``ParentCore``).
  @inlinable
  func sharedCore(_ sync: SharedSync<State>?) -> ParentCore<State, Action, Environment> {
    ParentCore(body: body, sync: sync)
  }

  /// The shared copies of its own state a reducer reaches, when this reducer and a child both
  /// reach some: the copies to keep equal between them; `nil` when they need no keeping.
  @usableFromInline
  static func syncBetween(_ core: SharedSync<State>?, _ child: SharedSync<State>?)
    -> SharedSync<State>?
  {
    guard core != nil, child != nil else { return nil }
    return SharedSync.merging(core, child)
  }

  /// Reduces an action as a store's root does: then gives every shared copy of the state its
  /// key's value, which operators do only where two features meet. What a store and the REPL's
  /// history run, so the two agree.
  ///
  /// - Parameters:
  ///   - state: The state to mutate.
  ///   - action: The action.
  ///   - environment: The environment.
  /// - Returns: The effect.
  package func reduceAtRoot(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    guard let sharing else { return body(&state, action, environment) }
    return sharing.reduceAtRoot(&state) { body(&$0, action, environment) }
  }

  /// The reducer's state made consistent: every shared copy holds the value of its key.
  /// What a store does to its initial state, and a `TestStore` to each expected state.
  ///
  /// - Parameters:
  ///   - state: The state.
  package func syncShared(_ state: inout State) {
    sharing?.sync(&state)
  }

  /// A reducer with this one's shared copies and another body: for a harness that wraps a
  /// reducer (a `TestStore` reading its environment from a box).
  ///
  /// - Parameters:
  ///   - reduce: The new body.
  package func withBody<OtherEnvironment>(
    _ reduce: @escaping @Sendable (inout State, Action, OtherEnvironment) -> Effect<Action>
  ) -> Reducer<State, Action, OtherEnvironment> {
    Reducer<State, Action, OtherEnvironment>(sharing: sharing, watches: watches, reduce)
  }

  /// Reduces one action: mutates `state` and returns the effect to run.
  ///
  /// Stores and test stores call this for you; call it directly to test a reducer by hand or to
  /// measure it.
  ///
  /// ```swift
  /// var state = Counter.State()
  /// let effect = Counter.reducer.reduce(
  ///   into: &state, action: .incrementTapped, environment: Counter.Environment())
  /// // state.count == 1, effect is .none
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state to mutate.
  ///   - action: The action to handle.
  ///   - environment: The dependencies the reducer may use to build effects.
  /// - Returns: The effect the reducer asks to run.
  @inlinable
  public func reduce(
    into state: inout State,
    action: Action,
    environment: Environment
  ) -> Effect<Action> {
    guard sharing?.stashes == true else { return body(&state, action, environment) }
    return reduceKeepingRemovedChanges(into: &state, action: action, environment: environment)
  }

  /// ``reduce(into:action:environment:)`` for a reducer with an operator that keeps the change
  /// of a screen it may remove in the step: when no step is being reduced around it (a reducer
  /// that wraps this one in a closure), it reduces as a store's root does, so that the change
  /// reaches the copies that remain.
  @usableFromInline
  func reduceKeepingRemovedChanges(
    into state: inout State, action: Action, environment: Environment
  ) -> Effect<Action> {
    guard !SharedStep.isKeepingRemovedChanges else { return body(&state, action, environment) }
    return reduceAtRoot(into: &state, action: action, environment: environment)
  }

  /// A reducer that changes nothing and runs no effect.
  ///
  /// ```swift
  /// let placeholder = Reducer<Int, Bool, Void>.empty
  /// ```
  public static var empty: Self {
    Self(sharing: nil) { _, _, _ in .none }
  }
}
