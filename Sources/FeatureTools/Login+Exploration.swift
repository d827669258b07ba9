import LoginFeature
import Tide
import TideExplore

extension Login {
  /// What must hold in every state and across every transition of the login screen.
  ///
  /// ```swift
  /// await Login.explorer().exhaustive(depth: 6).expectNoFailure()
  /// ```
  public static let invariants: [Invariant<State, Action>] = [
    .always(
      "the login button is enabled exactly when the input is valid and no request is in flight"
    ) {
      state in
      ViewState(state).isLoginButtonEnabled == (state.validationError == nil && !state.isLoading)
    },
    .always("isLoading implies a login request is running") { state, running in
      !state.isLoading || running.contains(named: "login")
    },
    .transition("a user is set only by a success response") { before, action, after in
      guard before.user != after.user else { return true }
      return action == .loginResponse(.success(after.user!))
    },
    .transition("a response is for the credentials in the form") { _, action, after in
      guard case .loginResponse(.success(let user)) = action else { return true }
      return user.userName == after.username
    },
    .transition("isLoading is off once a response has arrived") { _, action, after in
      guard case .loginResponse = action else { return true }
      return !after.isLoading
    },
  ]

  /// The actions the explorer tries on the login screen, simplest first: a name and password
  /// that are too short, ones that are valid, a tap, and dismissing the alert.
  ///
  /// ```swift
  /// let actions = Login.explorationActions(Login.State())
  /// ```
  ///
  /// - Parameters:
  ///   - state: The current state.
  public static func explorationActions(_ state: State) -> [Action] {
    var actions: [Action] = [
      .loginButtonTapped, .usernameChanged("ab"), .passwordChanged("Abc1"),
      .usernameChanged("a"), .passwordChanged("abc"),
    ]
    if state.alert != nil { actions.append(.alertDismissed) }
    return actions
  }

  /// An explorer of the login screen with its invariants, explorable environment and the
  /// expressions an exported test uses.
  ///
  /// ```swift
  /// let report = await Login.explorer().random(seed: 1, runs: 100, steps: 10)
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: The reducer to explore; the feature's own by default.
  ///   - reducerExpression: How an exported test names that reducer.
  @MainActor
  public static func explorer(
    reducer: Reducer<State, Action, Environment> = Login.reducer,
    reducerExpression: String = "Login.reducer"
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "login", initialState: State(), reducer: reducer,
      environment: { calls, clock in .explorable(calls: calls, clock: clock) },
      actions: explorationActions, invariants: invariants,
      export: ExploreExport(
        imports: ["LoginFeature", "FeatureTools"], reducer: reducerExpression,
        environment: "Login.Environment.explorable(calls: calls, clock: clock)",
        invariants: "Login.invariants", initialState: "Login.State()"))
  }
}
