import Foundation
import LoginFeature
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct LoginServiceErrorTests {
  @Test func classifiesAnyError() {
    struct Other: Error {}
    #expect(LoginServiceError(LoginServiceError.nilData) == .nilData)
    #expect(LoginServiceError(URLError(.timedOut)) == .timeout)
    guard case .transport = LoginServiceError(URLError(.cannotConnectToHost)) else {
      Issue.record("a connection failure is a transport failure")
      return
    }
    #expect(LoginServiceError(Other()) == .transport("Other()"))
  }

  @Test func everyErrorHasAMessage() {
    #expect(
      [
        LoginServiceError.invalidCredentials, .nilData, .wrongStatusCode(502),
        .undecodableBody("not JSON"), .transport("refused"), .timeout,
      ].map(\.description) == [
        "The username or password is incorrect.",
        "The server sent no data.",
        "The server answered with status 502.",
        "The server's answer could not be read: not JSON",
        "Could not reach the server: refused",
        "The server took too long to answer.",
      ])
  }

  @Test func actionsRoundTripThroughCodable() throws {
    let actions: [Login.Action] = [
      .usernameChanged("pritesh"), .passwordChanged("Secret1"), .loginButtonTapped,
      .loginResponse(.success(LoginDemoBackend.accounts[0].user)),
      .loginResponse(.failure(.wrongStatusCode(500))), .alertDismissed,
    ]
    let data = try JSONEncoder().encode(actions)
    #expect(try JSONDecoder().decode([Login.Action].self, from: data) == actions)
  }
}
