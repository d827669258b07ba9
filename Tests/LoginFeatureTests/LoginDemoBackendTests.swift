import LoginFeature
import Testing
import Tide
import TideTesting

@MainActor
@Suite struct LoginDemoBackendTests {
  @Test func documentedAccountsLogInAfterTheDelay() async throws {
    let backend = LoginDemoBackend(clock: ImmediateClock())
    for (username, password, name) in [
      ("pritesh", "Secret1", "Pritesh"), ("ada", "Lovelace1", "Ada Lovelace"),
      ("grace", "Cobol59X", "Grace Hopper"),
    ] {
      #expect(try await backend.login(username, password).name == name)
      #expect(LoginFormValidationError.validate(username: username, password: password) == nil)
    }
  }

  @Test func unknownAccountsAndWrongPasswordsAreInvalidCredentials() async {
    let backend = LoginDemoBackend(clock: ImmediateClock())
    await #expect(throws: LoginServiceError.invalidCredentials) {
      try await backend.login("pritesh", "Wrong1")
    }
    await #expect(throws: LoginServiceError.invalidCredentials) {
      try await backend.login("nobody", "Secret1")
    }
  }

  @Test(arguments: [
    (LoginDemoBackend.Outcome.invalidCredentials, LoginServiceError.invalidCredentials),
    (.nilData, .nilData),
    (.wrongStatusCode, .wrongStatusCode(500)),
    (.timeout, .timeout),
  ])
  func forcedOutcomes(outcome: LoginDemoBackend.Outcome, error: LoginServiceError) async {
    let environment = Login.Environment.demo(clock: ImmediateClock(), outcome: outcome)
    await #expect(throws: error) { try await environment.login("pritesh", "Secret1") }
  }

  @Test func theDelayRunsOnTheInjectedClock() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Login.State(username: "ada", password: "Lovelace1"),
      reducer: Login.reducer, environment: .demo(clock: clock, delay: .seconds(2)))
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    #expect(store.receivedActions.isEmpty)
    await clock.advance(by: .seconds(1))
    let ada = LoginDemoBackend.accounts[1].user
    await store.receive(.loginResponse(.success(ada))) {
      $0.isLoading = false
      $0.user = ada
      $0.alert = Login.Alert(title: "Success", message: "Hello Ada Lovelace")
    }
  }
}
