// The login feature driven through a Store with the demo backend: what a front would do.
//
// Run it with `swift run LoginPlayground`. It narrates each step with the screen's view state and
// checks itself with `precondition`.

import LoginFeature
import Tide
import TideInspect

@MainActor
func render(_ view: Login.ViewState) {
  let button = view.isLoginButtonEnabled ? "[Log in]" : "[log in]"
  let spinner = view.isActivityIndicatorVisible ? " ⟳" : ""
  print("   \(button)\(spinner)  info: \(view.infoMessage ?? "—")")
  if let alert = view.alert { print("   alert: \(alert.title): \(alert.message)") }
}

@MainActor
func tour() async {
  // The demo backend waits on this clock; an immediate clock makes the tour instant. An app would
  // inject ContinuousClock().
  let store = Store(
    initialState: Login.State(),
    reducer: Login.reducer,
    environment: .demo(clock: ImmediateClock())
  )
  store.observe({ Login.ViewState($0) }, onChange: render)

  print("1. Typing: the info line names the rule the input breaks.")
  store.send(.usernameChanged("p"))
  store.send(.usernameChanged("pritesh"))
  store.send(.passwordChanged("secret"))
  precondition(!Login.ViewState(store.state).isLoginButtonEnabled)
  store.send(.passwordChanged("Secret1"))
  precondition(Login.ViewState(store.state).isLoginButtonEnabled)

  print("2. The password never prints:")
  print(
    Inspector().dump(store.state).split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
  precondition(!Inspector().dump(store.state).contains("Secret1"))

  print("3. Logging in against the demo backend.")
  await store.send(.loginButtonTapped).finish()
  precondition(store.state.user?.name == "Pritesh")
  store.send(.alertDismissed)

  print("4. Forced outcomes explore every failure without a server.")
  for outcome in [
    LoginDemoBackend.Outcome.invalidCredentials, .nilData, .wrongStatusCode, .timeout,
  ] {
    let failing = Store(
      initialState: Login.State(username: "pritesh", password: "Secret1"),
      reducer: Login.reducer,
      environment: .demo(clock: ImmediateClock(), outcome: outcome)
    )
    await failing.send(.loginButtonTapped).finish()
    print("   \(outcome): \(failing.state.alert?.message ?? "no alert")")
    precondition(failing.state.alert?.title == "Error")
  }
  print("Done: the login tour checked itself.")
}

await tour()
