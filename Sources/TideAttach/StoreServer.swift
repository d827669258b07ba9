import Dispatch
import Foundation
import Synchronization
import Tide
import TideExpressions
import TideRecord

/// Serves a running store to `tide attach`: the store's recording so far and as it grows, and the
/// actions `tide attach` sends, over a socket on this machine.
///
/// The store must record into `recorder` (`Store.record(into:)`); what `tide attach` shows is
/// that recording, replayed as it arrives, so route the environment's calls through
/// `recorder.calls` too, or the replay cannot answer them.
///
/// <!-- example: given store: Store<App.State, App.Action>, recorder: Recorder -->
/// ```swift
/// let server = StoreServer(store: store, recorder: recorder)
/// try server.start()
/// // TIDE_TOKEN=… tide attach tide://127.0.0.1:PORT: the token in the environment, out of the
/// // process list that any user of the machine can read
/// print(server.attachCommand!)
/// ```
///
/// It listens on 127.0.0.1 (or a Unix socket readable by its owner only) and speaks the attach
/// protocol: JSON objects, one per line (see <doc:AttachingToARunningStore>). A client
/// must say `hello` with the run's token within ``Options/helloTimeout``; nothing else admits
/// it, and no credential is ambient. Every line is bounded, every client's backlog too, and
/// anything malformed gets an error that says what was wrong.
@MainActor
public final class StoreServer {
  /// Where the server listens.
  public enum Endpoint: Sendable, Equatable {
    /// A TCP port on 127.0.0.1 (never another interface); 0 picks a free one.
    case loopback(port: UInt16)
    /// A Unix socket at `path`, which must not exist yet; it is made readable and writable by
    /// its owner only, and removed when the server stops.
    case unixSocket(path: String)
  }

  /// How the server listens and what it bounds.
  public struct Options: Sendable {
    /// Where to listen.
    public var endpoint: Endpoint
    /// The token a client's `hello` must carry; a random one when `nil`.
    public var token: String?
    /// Open connections; when full, the oldest connection that has not said `hello` makes room.
    public var maximumConnections: Int
    /// How long a client has to say `hello`.
    public var helloTimeout: Duration
    /// The longest line a client may send.
    public var maximumLineLength: Int
    /// The bytes that may wait for a client behind the line it is reading; past it, the client
    /// reads too slowly and is dropped. A line of any size is queued when nothing else waits.
    public var maximumBacklog: Int
    /// How many of one client's actions may wait for the store; its further lines are not read
    /// until one is sent.
    public var maximumActionsInFlight: Int
    /// Whether secrets go out as stand-ins of the same shape, as in a recording, rather than as
    /// they are.
    public var redacts: Bool
    /// The command that attaches, as ``StoreServer/attachCommand`` prints it: `tide`, or the REPL
    /// executable that has your feature (`swift run notes`).
    public var client: String
    /// The size of each connection's send buffer in the kernel, when set: tests make it small,
    /// so that what a client has not read waits in the server, where the backlog counts it.
    package var sendBuffer: Int32?

    /// Creates options.
    ///
    /// ```swift
    /// StoreServer.Options(endpoint: .unixSocket(path: "/tmp/app-\(getpid()).sock"))
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: Where to listen: a free port on 127.0.0.1 unless told.
    ///   - token: The token; random when `nil`.
    ///   - maximumConnections: How many connections may be open at once.
    ///   - helloTimeout: How long a client has to say `hello`.
    ///   - maximumLineLength: The longest line a client may send, in bytes.
    ///   - maximumBacklog: The most bytes waiting for one client behind the line it is reading.
    ///   - maximumActionsInFlight: How many of a client's actions may wait for the store.
    ///   - redacts: Whether to send secrets as stand-ins of the same shape; `false` sends them
    ///     as they are.
    ///   - client: The command that attaches, as ``StoreServer/attachCommand`` prints it: `tide`
    ///     for the shipped features, your REPL executable for yours (`swift run notes`).
    public init(
      endpoint: Endpoint = .loopback(port: 0), token: String? = nil, maximumConnections: Int = 16,
      helloTimeout: Duration = .seconds(5), maximumLineLength: Int = 64 << 10,
      maximumBacklog: Int = 4 << 20, maximumActionsInFlight: Int = 32,
      redacts: Bool = true, client: String = "tide"
    ) {
      self.client = client
      self.endpoint = endpoint
      self.token = token
      self.maximumConnections = maximumConnections
      self.helloTimeout = helloTimeout
      self.maximumLineLength = maximumLineLength
      self.maximumBacklog = maximumBacklog
      self.maximumActionsInFlight = maximumActionsInFlight
      self.redacts = redacts
    }
  }

  /// The run's token.
  public let token: String
  private let options: Options
  private let recorder: Recorder
  /// Reads an action and sends it to the store; returns why not, or `nil`.
  private let sendAction: @MainActor (String) -> String?
  private var loop: EventLoop?
  private var pump: RecordingPump?
  /// What clients' lines after their hello ask for, in the order the lines were read, for the
  /// main actor: so each client's answers come in the order of its lines.
  private var inbox: AsyncStream<PendingLine>.Continuation?

  /// A line a client sent after its hello, waiting for the main actor.
  package struct PendingLine: Sendable {
    enum Work: Sendable {
      /// An action to read and send to the store.
      case send(id: Int, action: String)
      /// A line that was not understood: its error.
      case error(String)
    }
    let connection: Int
    let work: Work
    let loop: EventLoop
  }

  /// Creates a server for `store`, which records into `recorder`; nothing listens until
  /// ``start()``.
  ///
  /// - Parameters:
  ///   - store: The store whose actions `tide attach` sends. Its `Action` is `Decodable`, as
  ///     for the REPL: actions arrive in Swift syntax.
  ///   - recorder: The recorder the store records into.
  ///   - options: How to listen.
  public init<State, Action: Decodable & Sendable>(
    store: Store<State, Action>, recorder: Recorder, options: Options = Options()
  ) {
    self.options = options
    self.recorder = recorder
    self.token = options.token ?? AccessPolicy.makeToken()
    self.sendAction = { [weak store] text in
      guard let store else { return "the store is gone" }
      let action: Action
      do throws(InputError) {
        action = try ActionReader.read(text, as: Action.self)
      } catch {
        return error.message
      }
      store.send(action)
      return nil
    }
  }

  /// The address with the token in it, `tide://127.0.0.1:PORT?token=…` or
  /// `tide+unix:PATH?token=…`, for a client of your own; `nil` until started. For a person, print
  /// ``attachCommand``: given this address, `tide attach` warns that the token is in the
  /// process list.
  public var address: String? {
    guard let loop else { return nil }
    let place =
      loop.socketPath.map { AttachAddress.Place.unixSocket(path: $0) }
      ?? .loopback(port: loop.port)
    return AttachAddress(place: place, token: token).text
  }

  /// The command line that attaches the options' `client` (`tide` unless told) to this server,
  /// with the token in the environment rather than in the arguments (which any user of the
  /// machine can read in the process list): `TIDE_TOKEN=… tide attach tide://127.0.0.1:PORT`;
  /// `nil` until started. Print this one for a person.
  ///
  /// <!-- example: given server: StoreServer -->
  /// ```swift
  /// try server.start()
  /// // TIDE_TOKEN=5c0f… tide attach tide://127.0.0.1:41234
  /// print(server.attachCommand!)
  /// ```
  public var attachCommand: String? {
    guard let loop else { return nil }
    let place =
      loop.socketPath.map { AttachAddress.Place.unixSocket(path: $0) }
      ?? .loopback(port: loop.port)
    return AttachAddress.command(for: place, token: token, client: options.client)
  }

  /// How many connections are open, for tests of the bounds.
  package var connectionCount: Int { loop?.connectionCount ?? 0 }

  /// How many rounds the server's loop has made, for tests that a connection does not keep it
  /// busy.
  package var loopRounds: Int { loop?.roundCount ?? 0 }

  /// How many clients are being sent the recording so far, for tests.
  package var clientsCatchingUp: Int { pump?.clientsCatchingUp ?? 0 }

  /// The bytes waiting in the connections' output queues after the loop's last round, for tests
  /// of the bounds.
  package var retainedOutput: Int { loop?.retainedOutput ?? 0 }

  /// Starts listening.
  ///
  /// - Returns: The address to give `tide attach`, with the token.
  /// - Throws: ``ServerError`` when the port or path cannot be had.
  @discardableResult
  public func start() throws(ServerError) -> String {
    if let address { return address }
    var limits = EventLoop.Limits()
    limits.connections = max(1, options.maximumConnections)
    limits.requestTime = options.helloTimeout
    limits.streamBacklog = max(1, options.maximumBacklog)
    limits.sendBuffer = options.sendBuffer
    let helloMilliseconds =
      Int(options.helloTimeout.components.seconds * 1000)
      + Int(options.helloTimeout.components.attoseconds / 1_000_000_000_000_000)
    let framing = EventLoop.LineFraming(
      maximumLine: max(1, options.maximumLineLength),
      maximumInFlight: max(1, options.maximumActionsInFlight),
      tooLong: Self.error("a line is at most \(max(1, options.maximumLineLength)) bytes"),
      timedOut: Self.error("no hello within \(helloMilliseconds)ms"),
      full: Self.error("the server is full: too many connections; try again"),
      evicted: Self.error(
        "the server is full: a connection that has not said hello makes room for a new one"),
      tooSlow: Self.error(
        "dropped: more than \(limits.streamBacklog) bytes waited for this client to read them"))
    let endpoint: EventLoop.Endpoint
    switch options.endpoint {
    case .loopback(let port): endpoint = .loopback(port: port)
    case .unixSocket(let path): endpoint = .unixSocket(path: path)
    }
    let pump = RecordingPump(
      recorder: recorder, redacts: options.redacts,
      chunkBytes: min(RecordingPump.chunkBytes, max(1, limits.streamBacklog / 2)))
    let token = self.token
    let (lines, inbox) = AsyncStream.makeStream(of: PendingLine.self)
    let loop = try EventLoop(endpoint: endpoint, limits: limits, lines: framing) {
      loop, connection, line, first in
      Self.handle(
        line, first: first, connection: connection, loop: loop, token: token,
        maximumLine: framing.maximumLine, pump: pump, inbox: inbox)
    }
    // One consumer: actions reach the store, and answers their clients, in the order their
    // lines were read.
    Task { @MainActor [sendAction] in
      for await pending in lines {
        let answer: AttachProtocol.ServerMessage
        switch pending.work {
        case .send(let id, let action):
          let failure = sendAction(action)
          answer = failure.map { .refused(id: id, message: $0) } ?? .sent(id: id)
        case .error(let message):
          answer = .error(message: message)
        }
        // Through the pump, after the lines recorded up to now (the action's own among them)
        // and before any recorded later: a client that waits for the answer has them, and an
        // answer never comes after lines a later action made. The main actor (an app's UI)
        // never waits for the pump.
        pump.answer(pending.connection, with: answer.message.line, after: pump.recordedEntries)
      }
    }
    pump.loop = loop
    loop.onDrained = { [weak pump] connection in pump?.continueCatchingUp(connection) }
    loop.onGoneWhileCatchingUp = { [weak pump] connection in pump?.forget(connection) }
    recorder.onEntry { pump.schedule() }
    self.pump = pump
    self.loop = loop
    self.inbox = inbox
    loop.start()
    return address!
  }

  /// Stops listening and closes every connection; the store and its recording go on.
  public func stop() {
    recorder.onEntry(nil)
    loop?.stop()
    inbox?.finish()
    inbox = nil
    loop = nil
    pump = nil
  }

  isolated deinit {
    stop()
  }

  /// The bytes of an `error` line.
  package nonisolated static func error(_ message: String) -> [UInt8] {
    AttachProtocol.ServerMessage.error(message: message).message.line
  }

  /// Deals with a client's line, on the loop's thread.
  nonisolated private static func handle(
    _ line: [UInt8]?, first: Bool, connection: Int, loop: EventLoop, token: String,
    maximumLine: Int, pump: RecordingPump, inbox: AsyncStream<PendingLine>.Continuation
  ) {
    /// Answers a line that was not understood: the first line's error is the last line; a later
    /// line's error takes its turn with the other lines.
    func refuse(_ message: String) {
      if first {
        loop.submit(.close(connection: connection, error(message)))
      } else if case .terminated = inbox.yield(
        PendingLine(connection: connection, work: .error(message), loop: loop))
      {
        loop.submit(.close(connection: connection, error("the server is stopping")))
      }
    }
    guard let line else {
      refuse("a line is at most \(maximumLine) bytes; that one was not read")
      return
    }
    let message: AttachProtocol.ClientMessage
    do {
      message = try AttachProtocol.ClientMessage(try AttachMessage.parse(line))
    } catch let error as AttachMessage.ParseError {
      let looksLikeHTTP = ["GET ", "POST ", "PUT ", "HEAD ", "OPTIONS ", "DELETE "].contains {
        line.starts(with: $0.utf8)
      }
      let text =
        looksLikeHTTP
        ? "this is a Tide store served for tide attach, not a web server"
        : "not a message: \(error.description)"
      refuse(text)
      return
    } catch {
      let refusal = (error as? AttachProtocol.Refusal)?.message ?? "\(error)"
      refuse(refusal)
      return
    }
    switch message {
    case .hello(let version, let presented):
      guard first else {
        refuse("hello comes once, first")
        return
      }
      guard version == AttachProtocol.version else {
        refuse("this server speaks protocol \(AttachProtocol.version), not \(version)")
        return
      }
      guard AccessPolicy.constantTimeEqual(presented, token) else {
        refuse("the token is wrong: use the token the process printed")
        return
      }
      pump.admit(connection)
    case .send(let id, let action):
      guard !first else {
        refuse("say hello first, with the token")
        return
      }
      let pending = PendingLine(
        connection: connection, work: .send(id: id, action: action), loop: loop)
      if case .terminated = inbox.yield(pending) {
        loop.submit(.close(connection: connection, error("the server is stopping")))
      }
    }
  }
}

/// Follows a recorder and sends its new lines to every admitted client, on one serial queue, so
/// that a client admitted meanwhile gets each line once: first everything so far, then the rest
/// as it comes.
package final class RecordingPump: @unchecked Sendable {
  // @unchecked: `loop` is set once before the loop starts; the rest is used on `queue` only.
  private let recorder: Recorder
  private let redacts: Bool
  private let queue = DispatchQueue(label: "tide.attach.pump")
  private let scheduled = Atomic<Bool>(false)
  weak var loop: EventLoop?
  /// How many of the recording's lines have been sent to every admitted client: a client
  /// admitted later gets them first, printed again from the recorder as it reads them (a copy of
  /// each kept here doubled what a long recording holds, for the life of the server).
  private var printed = 0

  /// - Parameters:
  ///   - chunkBytes: The most bytes of the recording so far a client is given at a time: at most
  ///     half the backlog, so that a chunk always fits beside what the client has not read.
  package init(recorder: Recorder, redacts: Bool, chunkBytes: Int) {
    self.recorder = recorder
    self.redacts = redacts
    self.chunkLimit = chunkBytes
  }

  /// Notes that the recorder has more; several notes before the queue gets to it are one.
  package func schedule() {
    guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    queue.async { [self] in
      scheduled.store(false, ordering: .releasing)
      sendNewLines()
    }
  }

  /// How many entries the recorder holds now.
  package var recordedEntries: Int { recorder.count }

  /// Sends a client an answer, after the lines of the recorder's first `entries` entries (those
  /// recorded when the answer was made) and before the lines of any later ones.
  package func answer(_ connection: Int, with line: [UInt8], after entries: Int) {
    queue.async { [self] in
      sendNewLines(upTo: entries)
      loop?.submit(.send(connection: connection, line))
      loop?.submit(.done(connection: connection))
    }
  }

  /// The most bytes of the recording so far a client is given at a time, unless the backlog is
  /// smaller: the rest follows as it reads, so a newcomer to a long recording is held to the
  /// same backlog as every stream.
  package static let chunkBytes = 256 << 10
  private let chunkLimit: Int

  /// Where each client that is catching up is in ``printed``.
  private var catchingUp: [Int: Int] = [:]

  /// Admits a client that said hello: the welcome, then every line so far, in chunks as the
  /// client reads them (see ``continueCatchingUp(_:)``).
  package func admit(_ connection: Int) {
    queue.async { [self] in
      sendNewLines()
      // With no stream open, nothing was sent: the newcomer gets every entry so far as it
      // catches up (each line is one entry). With streams, what they were sent is what it gets:
      // an entry recorded since goes to all of them in the next broadcast.
      if loop?.hasStreams != true { printed = recorder.count }
      let welcome = AttachProtocol.ServerMessage.welcome(
        protocol: AttachProtocol.version, feature: recorder.feature,
        environment: recorder.environment, lines: printed, start: recorder.start
      ).message.line
      let (chunk, next) = self.chunk(from: 0, startingWith: welcome)
      let isCatchingUp = next < printed
      if isCatchingUp { catchingUp[connection] = next }
      loop?.submit(.startStream(connection: connection, first: chunk, catchingUp: isCatchingUp))
    }
  }

  /// Sends a client that is catching up the next chunk of the lines it missed: those printed
  /// since it was admitted included, in place of the broadcasts it did not take.
  package func continueCatchingUp(_ connection: Int) {
    queue.async { [self] in
      sendNewLines()
      guard let start = catchingUp[connection] else { return }
      let (chunk, next) = self.chunk(from: start, startingWith: [])
      let isDone = next == printed
      catchingUp[connection] = isDone ? nil : next
      loop?.submit(.catchUp(connection: connection, chunk, isDone: isDone))
    }
  }

  /// Lets go of where a client that left while catching up was.
  package func forget(_ connection: Int) {
    queue.async { [self] in catchingUp[connection] = nil }
  }

  /// How many clients are catching up, for tests that a client that leaves is forgotten.
  package var clientsCatchingUp: Int { queue.sync { catchingUp.count } }

  /// The lines from `start` on of the first ``printed``, as messages after `bytes`, while they
  /// fit in the chunk limit (one at least); and where the next chunk starts.
  private func chunk(from start: Int, startingWith bytes: [UInt8]) -> ([UInt8], Int) {
    var bytes = bytes
    var next = start
    while next < printed {
      // One at a time: a line printed past the limit would be printed again for the next chunk.
      guard let text = recorder.lines(from: next, upTo: next + 1, redacts: redacts).first else {
        break
      }
      let line = AttachProtocol.ServerMessage.line(text).message.line
      if next > start, bytes.count + line.count > chunkLimit { break }
      bytes += line
      next += 1
    }
    return (bytes, next)
  }

  /// Prints the entries recorded since the last call (up to entry `end`, when given).
  private func printNewLines(upTo end: Int? = nil) -> [String] {
    let lines = recorder.lines(from: printed, upTo: end, redacts: redacts)
    printed += lines.count
    return lines
  }

  private func sendNewLines(upTo end: Int? = nil) {
    // Nobody to send to: nothing is printed until a client is admitted, which reads everything
    // from the start.
    guard let loop, loop.hasStreams else { return }
    let lines = printNewLines(upTo: end)
    guard !lines.isEmpty else { return }
    var bytes: [UInt8] = []
    for line in lines { bytes += AttachProtocol.ServerMessage.line(line).message.line }
    loop.submit(.broadcast(bytes))
  }
}
