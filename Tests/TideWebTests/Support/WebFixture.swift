import AppFeature
import Foundation
import Tide
import TideREPL
import TideTestSupport
import TideWeb

/// A REPL on the app feature (demo environment, virtual clock) with a web front on a free port of
/// 127.0.0.1, and what the REPL printed.
@MainActor
final class WebFixture {
  static let token = "0123456789abcdef"

  final class Output {
    var text = ""
  }

  let output = Output()
  let repl: REPL
  let server: WebServer
  let port: UInt16

  /// - Parameters:
  ///   - options: The server's options.
  ///   - page: A folder to serve as the app's page instead of its own.
  init(options: WebServer.Options = WebServer.Options(), page: URL? = nil) throws {
    let output = self.output
    repl = try REPL(
      features: [Self.app(page: page), Self.counter], options: REPLOptions(echoesInput: true),
      write: { output.text += $0 })
    var options = options
    options.token = Self.token
    server = WebServer(repl: repl, options: options)
    try server.start()
    port = server.port!
  }

  deinit {
    MainActor.assumeIsolated { server.stop() }
  }

  static var app: REPLFeature { app(page: nil) }

  static func app(page: URL?) -> REPLFeature {
    REPLFeature(
      name: "app", summary: "the app", initialState: App.State(), reducer: App.reducer,
      environments: [
        REPLEnvironment(
          "demo", summary: "demo accounts", testExpression: "App.Environment.demo(clock: clock)"
        ) { .demo(clock: $0) }
      ],
      view: { App.ViewState($0) },
      export: REPLTestExport(
        imports: ["AppFeature", "LoginFeature", "AddLocationFeature"], reducer: "App.reducer"),
      page: page ?? App.webPage)
  }

  /// A feature without a page or a view: the inspector still shows it.
  static var counter: REPLFeature {
    REPLFeature(
      name: "counter", summary: "a number", initialState: Counter.State(),
      reducer: Counter.reducer, environments: [REPLEnvironment("none", summary: "nothing") { _ in }]
    )
  }

  var origin: String { "http://127.0.0.1:\(port)" }

  /// A request with the Host header and token header a page of the server sends (and Origin for
  /// POST).
  func request(
    _ method: String, _ path: String, body: String = "", headers: [String] = [],
    host: String? = nil, token: Bool = true
  ) -> String {
    var lines = ["\(method) \(path) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(port)")"]
    if token { lines.append("X-Tide-Token: \(Self.token)") }
    if method == "POST" && !headers.contains(where: { $0.lowercased().hasPrefix("origin:") }) {
      lines.append("Origin: \(origin)")
    }
    lines += headers
    if !body.isEmpty || method == "POST" { lines.append("Content-Length: \(body.utf8.count)") }
    return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
  }

  func send(
    _ method: String, _ path: String, body: String = "", headers: [String] = [],
    host: String? = nil, token: Bool = true
  ) async throws -> Answer {
    Answer(
      try await LoopbackClient.exchange(
        port: port,
        request(method, path, body: body, headers: headers, host: host, token: token)))
  }
}

/// The smallest feature: a number that goes up.
enum Counter {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Decodable, Sendable {
    case incrementTapped
  }
}

extension Counter {
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .incrementTapped:
      state.count += 1
      return .none
    }
  }
}
