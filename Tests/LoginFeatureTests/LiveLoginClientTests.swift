import Foundation
import Testing
import TideTestSupport

@testable import LoginFeature

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live client against a real HTTP server that each test starts on 127.0.0.1.
@Suite struct LiveLoginClientTests {
  static let userJSON = """
    {"name":"Pritesh","userName":"pritesh","email":"pritesh@example.com",\
    "address":"Pune, India","designation":"iOS Developer"}
    """

  /// Logs in against a server that answers every request with `response`.
  func login(
    answering response: LoopbackHTTPServer.Response, timeout: Duration = failureDetector
  ) async throws -> (Result<User, LoginServiceError>, [LoopbackHTTPServer.Request]) {
    let server = try LoopbackHTTPServer { _ in response }
    defer { server.stop() }
    let environment = try Login.Environment.live(baseURL: server.baseURL, timeout: timeout)
    do {
      let user = try await environment.login("pritesh", "Secret1")
      return (.success(user), server.received)
    } catch let error as LoginServiceError {
      return (.failure(error), server.received)
    }
  }

  @Test func successDecodesTheUserAndSendsCredentialsOnlyInTheBody() async throws {
    let (result, requests) = try await login(answering: .json(200, Self.userJSON))
    #expect(try result.get() == LoginDemoBackend.accounts[0].user)
    let request = try #require(requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/login")
    #expect(request.headers["content-type"] == "application/json")
    let body = try JSONDecoder().decode([String: String].self, from: request.body)
    #expect(body == ["username": "pritesh", "password": "Secret1"])
    #expect(!request.path.contains("Secret1"))
  }

  @Test(arguments: [
    (401, LoginServiceError.invalidCredentials),
    (403, .invalidCredentials),
    (500, .wrongStatusCode(500)),
    (404, .wrongStatusCode(404)),
    (201, .wrongStatusCode(201)),
  ])
  func statusCodesMapToErrors(status: Int, error: LoginServiceError) async throws {
    let (result, _) = try await login(answering: .json(status, "{}"))
    #expect(result == .failure(error))
  }

  @Test func emptyBodyIsNilData() async throws {
    let (result, _) = try await login(answering: .json(200, ""))
    #expect(result == .failure(.nilData))
  }

  @Test(arguments: [
    (#"{"name":"Pritesh"}"#, #"missing field "userName""#),
    (
      #"{"name":1,"userName":"p","email":"e","address":"a","designation":"d"}"#,
      #"wrong type at "name""#
    ),
    ("<html>", "not JSON"),
  ])
  func undecodableBodySaysWhy(body: String, reason: String) async throws {
    let (result, _) = try await login(answering: .json(200, body))
    #expect(result == .failure(.undecodableBody(reason)))
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    var hang = LoopbackHTTPServer.Response.json(200, "")
    hang.hangs = true
    let (result, _) = try await login(answering: hang, timeout: .milliseconds(300))
    #expect(result == .failure(.timeout))
  }

  @Test func noServerIsATransportFailure() async throws {
    let server = try LoopbackHTTPServer { _ in .json(200, "") }
    let url = server.baseURL
    server.stop()
    let environment = try Login.Environment.live(baseURL: url)
    await #expect {
      _ = try await environment.login("pritesh", "Secret1")
    } throws: { error in
      guard case .transport(let detail) = error as? LoginServiceError else { return false }
      return !detail.isEmpty
    }
  }

  @Test func onlyHTTPSOrLoopbackURLsWithoutCredentialsAreAccepted() throws {
    for accepted in [
      "https://api.example.com", "http://localhost:8080", "http://127.0.0.1:9", "http://[::1]:80",
    ] {
      _ = try Login.Environment.live(baseURL: URL(string: accepted)!)
    }
    #expect(throws: LoginClientConfigurationError.insecureURL("http://example.com")) {
      try Login.Environment.live(baseURL: URL(string: "http://example.com")!)
    }
    #expect(throws: LoginClientConfigurationError.credentialsInURL) {
      try Login.Environment.live(baseURL: URL(string: "https://me:pw@example.com")!)
    }
    #expect(throws: LoginClientConfigurationError.invalidURL("/relative")) {
      try Login.Environment.live(baseURL: URL(string: "/relative")!)
    }
  }

  @Test func configurationErrorsSayWhatIsWrong() {
    #expect(
      LoginClientConfigurationError.insecureURL("http://x.com").description
        == "The login server must use https (http is only allowed for localhost): http://x.com")
    #expect(
      LoginClientConfigurationError.credentialsInURL.description
        == "The login server's URL must not contain a user name or password; they are sent in the request body."
    )
    #expect(
      LoginClientConfigurationError.invalidURL("x").description
        == "The login server's URL needs a scheme and a host: x")
  }
}

@Suite struct LiveLoginClientResponseTests {
  @Test func anAnswerThatIsNotHTTPIsATransportFailure() throws {
    let response = URLResponse(
      url: URL(string: "https://example.com/login")!, mimeType: nil, expectedContentLength: 0,
      textEncodingName: nil)
    #expect(throws: LoginServiceError.transport("The answer was not HTTP.")) {
      try LiveLoginClient.user(from: Data(), response: response)
    }
  }
}
