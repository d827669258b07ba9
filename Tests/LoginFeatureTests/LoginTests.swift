import LoginFeature
import Testing
import Tide
import TideTestSupport
import TideTesting

extension User {
  static let pritesh = LoginDemoBackend.accounts[0].user
}

/// Every scenario of the login screen, step by step.
@MainActor
@Suite struct LoginTests {
  func makeStore(
    username: String = "", password: String = "",
    login: @escaping @Sendable (String, String) async throws -> User = unimplemented(
      "Login.Environment.login")
  ) -> TestStore<Login.State, Login.Action, Login.Environment> {
    TestStore(
      initialState: Login.State(username: username, password: password),
      reducer: Login.reducer,
      environment: Login.Environment(login: login))
  }

  @Test func invalidUsernameLengthShowsErrorAndNeverCallsTheAPI() async {
    let store = makeStore(username: "p", password: "Secret1")
    await store.send(.loginButtonTapped) {
      $0.alert = Login.Alert(title: "Error", message: "Username must be 2 to 10 characters long.")
    }
  }

  @Test func invalidPasswordLengthShowsError() async {
    let store = makeStore(username: "pritesh", password: "po")
    await store.send(.loginButtonTapped) {
      $0.alert = Login.Alert(
        title: "Error", message: "Password must be at least 3 characters long.")
    }
  }

  @Test func invalidPasswordCharactersShowsError() async {
    let store = makeStore(username: "pritesh", password: "poytrl")
    await store.send(.loginButtonTapped) {
      $0.alert = Login.Alert(
        title: "Error",
        message: "Password must contain an uppercase letter (A–Z) and a digit (0–9).")
    }
  }

  @Test func successfulLoginGreetsTheUser() async {
    let calls = ValueLog<String>()
    let store = makeStore(username: "pritesh", password: "aK8oio") { username, password in
      calls.append("\(username):\(password)")
      return .pritesh
    }
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.success(.pritesh))) {
      $0.isLoading = false
      $0.user = .pritesh
      $0.alert = Login.Alert(title: "Success", message: "Hello Pritesh")
    }
    #expect(calls.all == ["pritesh:aK8oio"])
  }

  @Test(arguments: [
    (LoginServiceError.invalidCredentials, "The username or password is incorrect."),
    (.nilData, "The server sent no data."),
    (.wrongStatusCode(500), "The server answered with status 500."),
    (.timeout, "The server took too long to answer."),
  ])
  func apiFailureShowsItsMessage(error: LoginServiceError, message: String) async {
    let store = makeStore(username: "pritesh", password: "Secret1") { _, _ in throw error }
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure(error))) {
      $0.isLoading = false
      $0.alert = Login.Alert(title: "Error", message: message)
    }
  }

  @Test func unexpectedErrorsAreClassifiedAsTransportFailures() async {
    struct Offline: Error {}
    let store = makeStore(username: "pritesh", password: "Secret1") { _, _ in throw Offline() }
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure(.transport("Offline()")))) {
      $0.isLoading = false
      $0.alert = Login.Alert(title: "Error", message: "Could not reach the server: Offline()")
    }
  }

  @Test func loginButtonIsEnabledOnlyForValidInput() async {
    let store = makeStore()
    var enabled: [Bool] = [Login.ViewState(store.state).isLoginButtonEnabled]
    await store.send(.usernameChanged("p")) { $0.username = "p" }
    enabled.append(Login.ViewState(store.state).isLoginButtonEnabled)
    await store.send(.usernameChanged("pritesh")) { $0.username = "pritesh" }
    await store.send(.passwordChanged("Se")) { $0.password = "Se" }
    enabled.append(Login.ViewState(store.state).isLoginButtonEnabled)
    await store.send(.passwordChanged("Secret")) { $0.password = "Secret" }
    enabled.append(Login.ViewState(store.state).isLoginButtonEnabled)
    await store.send(.passwordChanged("Secret1")) { $0.password = "Secret1" }
    enabled.append(Login.ViewState(store.state).isLoginButtonEnabled)
    #expect(enabled == [false, false, false, false, true])
  }

  @Test func loadingIndicatorShowsWhileTheRequestIsInFlight() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Login.State(username: "pritesh", password: "Secret1"),
      reducer: Login.reducer,
      environment: .demo(clock: clock))
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    #expect(Login.ViewState(store.state).isActivityIndicatorVisible)
    #expect(!Login.ViewState(store.state).isLoginButtonEnabled)
    await clock.advance(by: LoginDemoBackend.defaultDelay)
    await store.receive(.loginResponse(.success(.pritesh))) {
      $0.isLoading = false
      $0.user = .pritesh
      $0.alert = Login.Alert(title: "Success", message: "Hello Pritesh")
    }
    #expect(!Login.ViewState(store.state).isActivityIndicatorVisible)
  }

  /// A parent that takes the screen away while a request is in flight.
  enum Sheet {
    enum Action: Equatable, Sendable {
      case login(Login.Action)
      case closeTapped
    }

    static let reducer = Reducer<Login.State, Action, Login.Environment> {
      state, action, environment in
      switch action {
      case .login(let action):
        return Login.reducer.reduce(into: &state, action: action, environment: environment)
          .map(Action.login)
      case .closeTapped:
        return Login.cancelEffects.map(Action.login)
      }
    }
  }

  @Test func cancelEffectsStopsTheRequestInFlight() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Login.State(username: "pritesh", password: "Secret1"),
      reducer: Sheet.reducer,
      environment: .demo(clock: clock))
    await store.send(.login(.loginButtonTapped)) { $0.isLoading = true }
    #expect(store.runningEffects.contains(named: "login"))
    await store.send(.closeTapped)
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: LoginDemoBackend.defaultDelay)
  }

  @Test func tappingWhileLoadingSendsNoSecondRequest() async {
    let clock = ManualClock()
    let calls = ValueLog<String>()
    let store = makeStore(username: "pritesh", password: "Secret1") { username, _ in
      calls.append(username)
      try await clock.sleep(for: .seconds(1))
      return .pritesh
    }
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await store.send(.loginButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(.loginResponse(.success(.pritesh))) {
      $0.isLoading = false
      $0.user = .pritesh
      $0.alert = Login.Alert(title: "Success", message: "Hello Pritesh")
    }
    #expect(calls.all == ["pritesh"])
  }

  @Test func editingWhileLoadingAbandonsTheRequest() async {
    let clock = ManualClock()
    let store = makeStore(username: "pritesh", password: "Secret1") { _, _ in
      try await clock.sleep(for: .seconds(1))
      return .pritesh
    }
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await store.send(.usernameChanged("ada")) {
      $0.username = "ada"
      $0.isLoading = false
    }
    await clock.advance(by: .seconds(1))
    #expect(store.runningEffects.isEmpty)
    await store.send(.passwordChanged("Lovelace1")) { $0.password = "Lovelace1" }
  }

  @Test func editingThePasswordWhileLoadingAbandonsTheRequestToo() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Login.State(username: "pritesh", password: "Secret1"),
      reducer: Login.reducer, environment: .demo(clock: clock))
    await store.send(.loginButtonTapped) { $0.isLoading = true }
    await store.send(.passwordChanged("Secret2")) {
      $0.password = "Secret2"
      $0.isLoading = false
    }
    await clock.advanceUntilIdle()
  }

  @Test func alertDismissal() async {
    let store = makeStore(username: "p")
    await store.send(.loginButtonTapped) {
      $0.alert = Login.Alert(title: "Error", message: "Username must be 2 to 10 characters long.")
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func aNewAttemptClearsThePreviousAlert() async {
    let store = makeStore(username: "pritesh", password: "Secret1") { _, _ in .pritesh }
    await store.send(.usernameChanged("x")) { $0.username = "x" }
    await store.send(.loginButtonTapped) {
      $0.alert = Login.Alert(title: "Error", message: "Username must be 2 to 10 characters long.")
    }
    await store.send(.usernameChanged("pritesh")) { $0.username = "pritesh" }
    await store.send(.loginButtonTapped) {
      $0.isLoading = true
      $0.alert = nil
    }
    await store.receive(.loginResponse(.success(.pritesh))) {
      $0.isLoading = false
      $0.user = .pritesh
      $0.alert = Login.Alert(title: "Success", message: "Hello Pritesh")
    }
  }
}
