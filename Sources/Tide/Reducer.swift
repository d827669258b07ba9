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
/// same state, ``pullback(state:action:environment:)`` lifts a child reducer into a parent domain,
/// ``ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,ChildAction>,_,_,_,_,_,_)`` and
/// ``forEach(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,(ElementState.ID,ElementAction)>,_,_,_,_,_,_)`` run a child over optional
/// and collection state, cancelling its effects when that state goes away.
public struct Reducer<State, Action: Sendable, Environment>: Sendable {
  @usableFromInline
  let body: @Sendable (inout State, Action, Environment) -> Effect<Action>

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
    body(&state, action, environment)
  }

  /// A reducer that changes nothing and runs no effect.
  ///
  /// ```swift
  /// let placeholder = Reducer<Int, Bool, Void>.empty
  /// ```
  public static var empty: Self {
    Self { _, _, _ in .none }
  }
}
