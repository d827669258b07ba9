import LoginFeature
import Testing
import TideInspect

@Suite struct LoginViewStateTests {
  @Test func emptyFormAsksForInput() {
    let view = Login.ViewState(Login.State())
    #expect(view.infoMessage == "Enter your username and password.")
    #expect(!view.isLoginButtonEnabled)
    #expect(!view.isActivityIndicatorVisible)
    #expect(view.alert == nil)
  }

  @Test func infoLineNamesTheRuleTheInputBreaks() {
    #expect(
      Login.ViewState(Login.State(username: "p")).infoMessage
        == "Username must be 2 to 10 characters long.")
    #expect(
      Login.ViewState(Login.State(username: "pritesh", password: "abc")).infoMessage
        == "Password must contain an uppercase letter (A–Z) and a digit (0–9).")
    #expect(Login.ViewState(Login.State(username: "pritesh", password: "Abc1")).infoMessage == nil)
  }

  @Test func projectsFieldsAndAlert() {
    let alert = Login.Alert(title: "Error", message: "x")
    let view = Login.ViewState(
      Login.State(username: "ada", password: "Lovelace1", isLoading: true, alert: alert))
    #expect(view.username == "ada")
    #expect(view.password == "Lovelace1")
    #expect(view.isActivityIndicatorVisible)
    #expect(!view.isLoginButtonEnabled)
    #expect(view.alert == alert)
  }

  @Test func thePasswordNeverPrints() {
    let state = Login.State(username: "pritesh", password: "Secret1")
    let inspector = Inspector()
    #expect(!inspector.dump(state).contains("Secret1"))
    #expect(!inspector.dump(Login.ViewState(state)).contains("Secret1"))
    #expect(
      inspector.line(Login.Action.passwordChanged("Secret1")) == #".passwordChanged("••••••")"#)
    #expect(
      inspector.dump(state) == """
        Login.State(
          username: "pritesh",
          password: "••••••",
          isLoading: false,
          user: nil,
          alert: nil
        )
        """)
  }
}
