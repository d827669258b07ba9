import Foundation
import TideAttach
import TideInspect
import TideREPL

/// The web front: serves a running `REPL`'s feature to a browser on this machine, beside the
/// terminal, on the same session.
///
/// Two pages follow the session live over Server-Sent Events:
/// - `/app/`, the feature's own page (see `REPLFeature`'s `page:`), which renders the view state
///   and sends an action for every keystroke and click;
/// - `/inspector`, for any feature: every step with where it came from and its diff, the effects
///   on a time axis, time travel by clicking a step, and the session as a test to download.
///
/// <!-- example: given repl: REPL -->
/// ```swift
/// let server = WebServer(repl: repl)
/// let url = try server.start()   // http://127.0.0.1:PORT/?token=…
/// print("web: \(url)")
/// ```
///
/// It listens on 127.0.0.1 only, wants the run's token on every request, checks Host and
/// Origin, bounds every request's size and time and the number of connections, and answers
/// anything malformed with 400. Secrets (values a `Redacting` type names) never reach a page.
@MainActor
public final class WebServer {
  /// How the server listens.
  public struct Options: Sendable {
    /// The port on 127.0.0.1; 0 picks a free one.
    public var port: UInt16
    /// The token every request must carry; a random one when `nil`.
    public var token: String?
    /// Open connections, event streams included.
    public var maximumConnections: Int
    /// How long a client has to send a whole request.
    public var requestTimeout: Duration
    /// How long an answer may wait for its client to read any of it before the connection is
    /// closed: an answer nobody reads is not kept.
    public var answerTimeout: Duration
    /// How long the session may take to answer a request (an attached store that stopped, a
    /// main actor held) before the request gets 504; an action sent may still be taken then. A
    /// bound on what a request can hold, not a target: long enough for a large test built
    /// under load.
    public var handlingTimeout: Duration
    /// The most bytes the downloaded test may have; a larger session is refused with 409 and
    /// the advice to use `:export-test`, before its test is built whole.
    public var maximumTestSize: Int
    /// The most bytes of steps one answer to the inspector holds (one step at least); the
    /// inspector asks for the rest from where an answer ends.
    public var maximumStepsAnswer: Int

    /// Creates options.
    ///
    /// ```swift
    /// WebServer.Options(port: 8080)
    /// ```
    ///
    /// - Parameters:
    ///   - port: The port, 0 for a free one.
    ///   - token: The token; random when `nil`.
    ///   - maximumConnections: How many connections may be open at once.
    ///   - requestTimeout: How long a request may take to arrive.
    ///   - answerTimeout: How long an answer may go unread.
    ///   - handlingTimeout: How long the session may take to answer a request.
    ///   - maximumTestSize: The most bytes the downloaded test may have.
    ///   - maximumStepsAnswer: The most bytes of steps one answer holds.
    public init(
      port: UInt16 = 0, token: String? = nil, maximumConnections: Int = 128,
      requestTimeout: Duration = .seconds(5), answerTimeout: Duration = .seconds(10),
      handlingTimeout: Duration = .seconds(600), maximumTestSize: Int = 16 << 20,
      maximumStepsAnswer: Int = 4 << 20
    ) {
      self.port = port
      self.token = token
      self.maximumConnections = maximumConnections
      self.requestTimeout = requestTimeout
      self.answerTimeout = answerTimeout
      self.handlingTimeout = handlingTimeout
      self.maximumTestSize = maximumTestSize
      self.maximumStepsAnswer = maximumStepsAnswer
    }
  }

  private let repl: REPL
  private let options: Options
  /// The run's token.
  public let token: String
  private var loop: EventLoop?
  private var isObserving = false
  /// The downloaded test of the session as it was at `revision`: built once (a step at a time,
  /// handing the main actor back) however many download it meanwhile or after, and forgotten
  /// when the session changes.
  private var testBuild: (revision: Int, answer: Task<HTTPResponse, Never>)?
  /// Counts the session's changes.
  private var revision = 0
  /// How many times a build of the test started for a download, for tests of the cache.
  package private(set) var testsBuilt = 0
  /// How many builds of the test are under way, handing the main actor back as they go.
  package private(set) var testBuildsInProgress = 0
  /// How many pages of steps were begun, and how many are being built now, handing the main
  /// actor back as they go: for tests.
  package private(set) var stepPagesBegun = 0
  /// How many pages of steps were given up once their client no longer waited: for tests.
  package private(set) var stepPagesAbandoned = 0
  package private(set) var stepPagesInProgress = 0

  /// Creates a server for `repl`; nothing listens until ``start()``.
  ///
  /// - Parameters:
  ///   - repl: The REPL whose session the pages show and drive.
  ///   - options: How to listen.
  public init(repl: REPL, options: Options = Options()) {
    self.repl = repl
    self.options = options
    self.token = options.token ?? AccessPolicy.makeToken()
  }

  /// The address to open, token included: `http://127.0.0.1:PORT/?token=…`; `nil` until started.
  public var url: URL? {
    loop.map { URL(string: "http://127.0.0.1:\($0.port)/?token=\(token)")! }
  }

  /// Starts listening on 127.0.0.1.
  ///
  /// - Returns: The address to open, with the token.
  /// - Throws: `ServerError` when the port cannot be had or the front's files are missing.
  @discardableResult
  public func start() throws(ServerError) -> URL {
    if let url { return url }
    let assets = try WebAssets.load()
    var limits = EventLoop.Limits()
    limits.connections = max(1, options.maximumConnections)
    limits.requestTime = options.requestTimeout
    limits.answerTime = options.answerTimeout
    limits.handlingTime = options.handlingTimeout
    let token = self.token
    let loop = try EventLoop(port: options.port, limits: limits) { loop, connection, request in
      Routes(policy: AccessPolicy(port: loop.port, token: token), assets: assets)
        .answer(request, admitted: { loop.admit(connection) }) { work in
          Task { @MainActor [weak self] in
            guard let self else {
              loop.submit(.respond(connection: connection, .text(503, "the server is stopping")))
              return
            }
            switch await self.answerOnMain(work, wanted: { loop.wantsAnswer(connection) }) {
            case .response(let response):
              loop.submit(.respond(connection: connection, response))
            case .stream(let first):
              loop.submit(.startStream(connection: connection, first: first))
            }
          }
        }
    }
    self.loop = loop
    loop.start()
    if !isObserving {
      isObserving = true
      repl.onChange { [weak self] in
        self?.revision += 1
        self?.publish()
      }
    }
    return url!
  }

  /// Stops listening and closes every connection.
  public func stop() {
    loop?.stop()
    loop = nil
  }

  /// How many connections are open: for tests.
  package var connectionCount: Int { loop?.connectionCount ?? 0 }

  /// The port it listens on, once started.
  public var port: UInt16? { loop?.port }

  // MARK: - The session

  /// Sends every event stream the session as it is now; with no stream open, builds nothing
  /// (a new stream gets the session when it opens).
  func publish() {
    guard let loop, loop.hasStreams else { return }
    loop.submit(.broadcast(Self.event(sessionJSON())))
  }

  /// An event-stream message: one `update` event whose data is a line of JSON.
  static func event(_ json: String) -> [UInt8] {
    Array("event: update\ndata: \(json)\n\n".utf8)
  }

  func sessionJSON() -> String {
    let snapshot = repl.webSnapshot
    let running = snapshot.runningEffects.map(Inspector.jsonString).joined(separator: ",")
    return "{\"feature\":\(Inspector.jsonString(snapshot.feature)),"
      + "\"summary\":\(Inspector.jsonString(snapshot.summary)),"
      + "\"environment\":\(Inspector.jsonString(snapshot.environment)),"
      + "\"clock\":\(Inspector.jsonString(snapshot.clock)),"
      + "\"steps\":\(snapshot.stepCount),\"cursor\":\(snapshot.cursor),"
      + "\"hasPage\":\(snapshot.page != nil),\"view\":\(snapshot.viewJSON ?? "null"),"
      + "\"running\":[\(running)]}"
  }

  enum MainAnswer {
    case response(HTTPResponse)
    case stream(first: [UInt8])
  }

  /// Steps `from...to` as the page asks for them: while the whole answer stays within
  /// `maximumStepsAnswer` bytes (one step at least), so that a page of steps of a large state is
  /// bounded and the page asks for the rest from where it ends. Built a step at a time, handing
  /// the main actor back every couple of milliseconds, every time, so that a line typed
  /// meanwhile is not held up. A step added at the end meanwhile leaves the steps built as they
  /// were; any other change (time travel, a step that discards the undone future) builds the
  /// page again, so that its steps are of one session, three times at most: a session that
  /// changes that often is answered 503, and the page asks again when the change reaches it.
  /// `nil` once the client no longer waits (it left, or the answer took too long).
  private func stepPage(from: Int, to: Int, wanted: () -> Bool) async -> HTTPResponse? {
    let clock = ContinuousClock()
    for _ in 0..<3 {
      var counts = repl.webStepCounts
      var seen = revision
      var steps: [String] = []
      // What goes around the steps: `{"total":N,"cursor":N,"steps":[` and `]}`, 71 bytes at most.
      var size = 71
      var turn = clock.now
      var rewritten = false
      for number in from...to {
        guard let step = repl.webSteps(number...number).first else { break }
        let added = step.utf8.count + (steps.isEmpty ? 0 : 1)
        if !steps.isEmpty, size + added > options.maximumStepsAnswer { break }
        steps.append(step)
        size += added
        if clock.now - turn > .milliseconds(2) {
          await Task.yield()
          turn = clock.now
          guard wanted() else {
            stepPagesAbandoned += 1
            return nil
          }
          if revision != seen {
            let now = repl.webStepCounts
            // As the page tells them apart: steps appended at the end, the cursor following.
            let appended =
              now.total >= counts.total && counts.cursor == counts.total
              && now.cursor == now.total
            (counts, seen) = (now, revision)
            if !appended {
              rewritten = true
              break
            }
          }
        }
      }
      if !rewritten {
        return .json(
          "{\"total\":\(counts.total),\"cursor\":\(counts.cursor),\"steps\":["
            + steps.joined(separator: ",") + "]}")
      }
    }
    return .text(
      503, "the session changed three times while this page of steps was built; ask again")
  }

  /// The routes that read or change the session, on the main actor; `wanted` says whether the
  /// client still waits for the answer (a long build stops once it does not).
  func answerOnMain(
    _ work: Routes.MainWork, wanted: @escaping () -> Bool = { true }
  ) async -> MainAnswer {
    switch work {
    case .home:
      // The token moves from the address to the page's own storage, and the address loses it.
      let policy = AccessPolicy(port: port ?? 0, token: token)
      return .response(policy.handOverPage(next: repl.webPage == nil ? "/inspector" : "/app/"))
    case .events:
      // Built here and submitted by the caller in the same turn of the main actor (nothing
      // between suspends), and the loop counts the stream from its submission: a change
      // published after this reaches the stream as its next event.
      return .stream(first: Self.event(sessionJSON()))
    case .session:
      return .response(.json(sessionJSON()))
    case .steps(let from, let to):
      stepPagesBegun += 1
      stepPagesInProgress += 1
      defer { stepPagesInProgress -= 1 }
      guard let page = await stepPage(from: from, to: to, wanted: wanted) else {
        return .response(.text(503, "the page of steps was no longer wanted"))
      }
      return .response(page)
    case .effects:
      return .response(.json(repl.webEffects))
    case .test:
      // Built once for the session as it is: a hundred downloads cost the main actor one build,
      // and that build hands the main actor back every few milliseconds.
      if let testBuild, testBuild.revision == revision {
        return .response(await testBuild.answer.value)
      }
      let repl = self.repl
      let limit = options.maximumTestSize
      let answer = Task { @MainActor [weak self] in
        self?.testsBuilt += 1
        self?.testBuildsInProgress += 1
        defer { self?.testBuildsInProgress -= 1 }
        switch await repl.webExportTestIncrementally(byteLimit: limit) {
        case .success(let export):
          var response = HTTPResponse(
            status: 200, contentType: "text/x-swift; charset=utf-8",
            body: Array(export.source.utf8))
          response.headers.append(
            ("Content-Disposition", "attachment; filename=\"ReplaysSessionTests.swift\""))
          // The note `:export-test` prints, for the page to show: percent-encoded, as a header
          // holds only ASCII and the issue may quote what the user typed.
          if let note = export.note {
            response.headers.append(("X-Tide-Note", Self.percentEncoded(note)))
          }
          return response
        case .failure(let error):
          return HTTPResponse.text(409, error.message)
        }
      }
      testBuild = (revision, answer)
      return .response(await answer.value)
    case .action(let line):
      if let failure = await repl.sendFromPage(line) {
        return .response(.text(422, failure))
      }
      return .response(HTTPResponse(status: 204))
    case .jump(let step):
      if let failure = await repl.jumpFromPage(to: step) {
        return .response(.text(422, failure))
      }
      return .response(HTTPResponse(status: 204))
    case .page(let file):
      guard let folder = repl.webPage else {
        return .response(
          .text(404, "\(repl.webSnapshot.feature) has no page; the inspector is at /inspector"))
      }
      return .response(WebAssets.pageFile(file, in: folder))
    }
  }
}

extension WebServer {
  /// `text` with every byte that is not printable ASCII, and `%`, as `%XX`: what
  /// `decodeURIComponent` reads back, and what a header may hold.
  package static func percentEncoded(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      if (0x20...0x7E).contains(byte), byte != UInt8(ascii: "%") {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return encoded
  }
}
