import Dispatch
import Foundation
import Synchronization
import Tide

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sockets of the web front and of a served store: one thread polls the listening socket and
/// every connection, reads requests (or lines) within their bounds, and writes answers and
/// streams without ever blocking on a slow client. Other threads talk to it through
/// ``submit(_:)``.
///
/// It speaks HTTP (the web front) or lines (the attach protocol, see ``LineFraming``): the same
/// bounds hold for both, on the same code: a connection that has not shown its credential in
/// time is closed, the oldest of them makes room when the server is full, a reader too slow for
/// its stream is dropped, and nothing a client sends is kept past its limit.
package final class EventLoop: @unchecked Sendable {
  /// What other threads ask of the loop.
  package enum Command: Sendable {
    /// Answer a request and close.
    case respond(connection: Int, HTTPResponse)
    /// Turn a connection into an event stream, starting with `first`. A stream that is
    /// `catchingUp` takes what came before it in chunks, through ``onDrained`` and
    /// ``catchUp(connection:_:isDone:)``, and no broadcast until it is done.
    case startStream(connection: Int, first: [UInt8], catchingUp: Bool = false)
    /// Lines: the next chunk of what a stream that is catching up missed; the last one is
    /// `isDone`, and broadcasts reach the stream from then on.
    case catchUp(connection: Int, [UInt8], isDone: Bool)
    /// Send bytes to every event stream.
    case broadcast([UInt8])
    /// Lines: send bytes to one stream.
    case send(connection: Int, [UInt8])
    /// Lines: send bytes, then close.
    case close(connection: Int, [UInt8])
    /// Lines: a line handed to the handler is dealt with; the next may be read.
    case done(connection: Int)
    case stop
  }

  /// Where the loop listens.
  package enum Endpoint: Sendable, Equatable {
    /// A TCP port on 127.0.0.1; 0 for a free one.
    case loopback(port: UInt16)
    /// A Unix socket at a path that must not exist yet; it is made readable and writable by
    /// its owner only, and removed when the loop stops.
    case unixSocket(path: String)
  }

  /// How a loop that speaks lines frames them, and what it says when it closes a connection
  /// itself.
  package struct LineFraming: Sendable {
    /// The longest line a client may send, line end excluded.
    var maximumLine = 64 << 10
    /// How many of a client's lines may be handed on and not yet ``Command/done(connection:)``;
    /// past it, the connection is not read until one is done.
    var maximumInFlight = 32
    /// The last line for a line too long.
    var tooLong: [UInt8]
    /// The last line for a client that sent no first line in time.
    var timedOut: [UInt8]
    /// The last line for a client refused because the server is full.
    var full: [UInt8]
    /// The last line for a client that sent no first line, closed to make room for another.
    var evicted: [UInt8]
    /// The last line for a client dropped because it read too slowly: sent after what it has not
    /// read yet, so that it can say why it was dropped if it reads on.
    var tooSlow: [UInt8] = []
  }

  /// What the loop does with a line, on its own thread: `first` is the connection's first
  /// line (its credential). Lines after the first are answered with ``Command/done(connection:)``
  /// once dealt with; the first with ``Command/startStream(connection:first:)`` or
  /// ``Command/close(connection:_:)``. A line of an admitted client that was longer than the
  /// limit comes as `nil`: it was dropped as it arrived, and is answered in its turn.
  package typealias LineHandler =
    @Sendable (_ loop: EventLoop, _ connection: Int, _ line: [UInt8]?, _ first: Bool) -> Void

  package enum Framing {
    case http(Handler)
    case lines(LineFraming, LineHandler)
  }

  /// What the loop does with a complete request, on its own thread: answer at once, or later
  /// through ``submit(_:)`` (`nil`).
  package typealias Handler =
    @Sendable (_ loop: EventLoop, _ connection: Int, _ request: HTTPRequest) ->
    HTTPResponse?

  package struct Limits: Sendable {
    package init() {}
    package var request = HTTPRequestParser.Limits()
    /// How long a client has to send a whole request.
    package var requestTime = Duration.seconds(5)
    /// How long an answer may wait without the client reading any of it.
    package var answerTime = Duration.seconds(10)
    /// How long a whole HTTP request may wait for its answer to be made (answered 504 then);
    /// `nil`: as long as it takes.
    package var handlingTime: Duration?
    /// Open connections, event streams included; more are answered 503 and closed.
    package var connections = 128
    /// Bytes waiting for an event-stream client that reads too slowly; past it, it is dropped.
    package var streamBacklog = 4 << 20
    /// The kernel's send buffer for each connection, when not its own default: tests make it
    /// small, so that what waits is in the loop's queues, where the bounds apply.
    package var sendBuffer: Int32?
  }

  package let port: UInt16
  /// The Unix socket's path, absolute, when it listens on one.
  package let socketPath: String?
  package let socketIdentity: UnixSocket.Identity?
  package let listener: Int32
  package let wakeRead: Int32
  package let wakeWrite: Int32
  package let limits: Limits
  package let framing: Framing
  package let inbox = Lock<[Command]>([])
  /// How many connections are event streams, or are about to be (a `startStream` submitted and
  /// not yet processed), readable from any thread.
  package let streams = Atomic<Int>(0)
  private let finished = DispatchSemaphore(value: 0)

  /// The bytes all connections' output queues kept alive after the loop's last round, readable
  /// from any thread (see ``retainedOutput``).
  package let retained = Atomic<Int>(0)
  package let unreadDropped = Atomic<Int>(0)
  package let openConnections = Atomic<Int>(0)
  /// The connections whose request still wants its answer, readable from any thread: work for
  /// a request whose client has gone, or that the loop answered itself (it took too long),
  /// stops early.
  private let openIDs = Lock<Set<Int>>([])
  /// How many rounds the loop has made, for tests that a connection does not keep it busy.
  package let rounds = Atomic<Int>(0)

  /// Called on the loop's thread when a stream that is catching up has sent most of what it was
  /// given: the caller submits the next chunk. Set before ``start()``.
  package var onDrained: ((_ connection: Int) -> Void)?
  /// Called on the loop's thread when a stream that was catching up ends (or ended before it
  /// started): the caller lets go of where it was. Set before ``start()``.
  package var onGoneWhileCatchingUp: ((_ connection: Int) -> Void)?

  // Owned by the loop's thread.
  package var connections: [Int: Connection] = [:]
  package var nextID = 0
  package var running = true

  package struct Connection {
    enum Phase {
      /// Reading the request, until `deadline`.
      case reading
      /// The request went to the handler.
      case waiting
      /// Writing the answer, then closing.
      case answering
      /// An event stream: open until the client leaves.
      case streaming
      /// Answered and shut for writing; reading what the client still sends, until `deadline`.
      case lingering
    }
    let fd: Int32
    var phase = Phase.reading
    /// HTTP: the request as it came so far.
    var input: [UInt8] = []
    /// HTTP: what the parser learned from `input` so far.
    var request = HTTPRequestParser.Progress()
    /// Lines: what came and is not yet handed on.
    var lines = LineBuffer()
    var output = OutputQueue()
    var deadline: UInt64
    /// The client shut its side for writing after its request (`shutdown(SHUT_WR)`): it still
    /// reads, and gets its answer; the socket is no longer polled for reading.
    var isReadClosed = false
    /// Lines: how many of its lines are handed on and not done.
    var inFlight = 0
    /// Whether it became a stream: a client the server admitted.
    var wasAdmitted = false
    /// Lines: a line longer than the limit is being dropped as it arrives.
    var isDropping = false
    /// A stream taking what came before it in chunks: broadcasts wait, and so do its lines.
    var isCatchingUp = false
    /// Whether the next chunk was asked for.
    var askedForMore = false
  }

  /// Binds a listening socket on 127.0.0.1 (never another interface).
  ///
  /// - Parameters:
  ///   - port: The port, or 0 for a free one.
  package convenience init(port: UInt16, limits: Limits, handler: @escaping Handler)
    throws(ServerError)
  {
    try self.init(endpoint: .loopback(port: port), limits: limits, framing: .http(handler))
  }

  /// Listens at `endpoint` for clients that speak lines.
  ///
  /// - Parameters:
  ///   - endpoint: A port on 127.0.0.1, or a Unix socket.
  package convenience init(
    endpoint: Endpoint, limits: Limits, lines: LineFraming, handler: @escaping LineHandler
  ) throws(ServerError) {
    try self.init(endpoint: endpoint, limits: limits, framing: .lines(lines, handler))
  }

  private init(endpoint: Endpoint, limits: Limits, framing: Framing) throws(ServerError) {
    self.limits = limits
    self.framing = framing
    let fd: Int32
    switch endpoint {
    case .loopback(let port):
      fd = try Self.listenOnLoopback(port: port)
      self.port = Self.boundPort(of: fd)
      socketPath = nil
      socketIdentity = nil
    case .unixSocket(let path):
      let absolute = UnixSocket.absolute(path)
      let identity: UnixSocket.Identity
      (fd, identity) = try UnixSocket.listen(at: absolute)
      port = 0
      socketPath = absolute
      socketIdentity = identity
    }
    var pipeFDs: [Int32] = [0, 0]
    guard pipe(&pipeFDs) == 0 else {
      close(fd)
      if let socketPath, let socketIdentity {
        UnixSocket.remove(socketPath, identity: socketIdentity)
      }
      throw ServerError.cannotListen("pipe: \(Self.errorText())")
    }
    listener = fd
    wakeRead = pipeFDs[0]
    wakeWrite = pipeFDs[1]
    for descriptor in [listener, wakeRead, wakeWrite] { Self.makeNonBlocking(descriptor) }
  }

  /// Runs the loop on a thread of its own.
  package func start() {
    let thread = Thread { [self] in run() }
    thread.name = "tide-web"
    thread.start()
  }

  /// Stops the loop, closes every socket, and waits until it has.
  package func stop() {
    submit(.stop)
    finished.wait()
  }

  /// Whether any event stream is open or about to open: when none is, there is nobody to
  /// broadcast to. A stream counts from the moment its `startStream` is submitted, so that a
  /// change published right after it (before the loop has processed it) is broadcast, and
  /// reaches the new stream after its first event.
  package var hasStreams: Bool { streams.load(ordering: .sequentiallyConsistent) > 0 }

  /// Hands a command to the loop's thread.
  package func submit(_ command: Command) {
    if case .startStream = command { streams.add(1, ordering: .sequentiallyConsistent) }
    inbox.withLock { $0.append(command) }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  // MARK: - The loop

  private func run() {
    while running {
      var fds = [
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      ]
      var ids: [Int] = []
      var nearest = UInt64.max
      for (id, connection) in connections {
        var events: Int32 = connection.isReadClosed || !wantsInput(connection) ? 0 : POLLIN
        if !connection.output.isEmpty { events |= POLLOUT }
        if connection.phase == .reading || connection.phase == .lingering
          || connection.phase == .answering
          || (connection.phase == .waiting && waitingExpires)
        {
          nearest = min(nearest, connection.deadline)
        }
        fds.append(pollfd(fd: connection.fd, events: Int16(events), revents: 0))
        ids.append(id)
      }
      let now = Self.now()
      let timeout =
        nearest == .max
        ? -1 : Int32(min(60_000, (nearest > now ? nearest - now : 0) / 1_000_000 + 1))
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      rounds.add(1, ordering: .relaxed)
      if ready < 0 && errno != EINTR { break }
      if fds[0].revents != 0 { drainWakePipe() }
      if fds[1].revents & Int16(POLLIN) != 0 { acceptConnections() }
      for (offset, id) in ids.enumerated() {
        let revents = Int32(fds[offset + 2].revents)
        guard revents != 0, connections[id] != nil else { continue }
        if revents & POLLOUT != 0 { flush(id) }
        if revents & (POLLIN | POLLHUP | POLLERR) != 0, connections[id] != nil { readFrom(id) }
      }
      expire()
      processInbox()
      retained.store(connections.values.reduce(0) { $0 + $1.output.retained }, ordering: .relaxed)
      openConnections.store(connections.count, ordering: .relaxed)
    }
    for id in Array(connections.keys) { closeConnection(id) }
    close(listener)
    if let socketPath, let socketIdentity {
      UnixSocket.remove(socketPath, identity: socketIdentity)
    }
    close(wakeRead)
    close(wakeWrite)
    finished.signal()
  }

  private func processInbox() {
    let commands = inbox.withLock { commands -> [Command] in
      defer { commands = [] }
      return commands
    }
    for command in commands {
      switch command {
      case .respond(let id, let response):
        answer(id, response)
      case .startStream(let id, let first, let catchingUp):
        // Counted when it was submitted.
        guard var connection = connections[id], connection.phase == .waiting else {
          streams.subtract(1, ordering: .sequentiallyConsistent)
          if catchingUp { onGoneWhileCatchingUp?(id) }
          continue
        }
        connection.phase = .streaming
        connection.wasAdmitted = true
        connection.output = OutputQueue()
        if case .http = framing { connection.output.append(HTTPResponse.eventStreamHead) }
        connection.output.append(first)
        connection.isCatchingUp = catchingUp
        connections[id] = connection
        flush(id)
        // Lines that came after the first, while it was dealt with.
        takeLines(id)
      case .broadcast(let bytes):
        // Each stream's queue takes the same bytes, shared: a broadcast costs the event once,
        // not a copy per stream.
        for (id, connection) in connections
        where connection.phase == .streaming && !connection.isCatchingUp {
          stream(bytes, to: id)
        }
      case .catchUp(let id, let bytes, let isDone):
        guard connections[id]?.phase == .streaming else { continue }
        connections[id]?.askedForMore = false
        if isDone { connections[id]?.isCatchingUp = false }
        stream(bytes, to: id)
        if isDone { takeLines(id) }
      case .send(let id, let bytes):
        guard connections[id]?.phase == .streaming else { continue }
        stream(bytes, to: id)
      case .close(let id, let bytes):
        finish(id, with: [bytes])
      case .done(let id):
        guard connections[id] != nil else { continue }
        connections[id]?.inFlight -= 1
        takeLines(id)
      case .stop:
        running = false
      }
    }
  }

  /// The bytes the connections' queues keep alive, for tests of the bounds.
  package var retainedOutput: Int { retained.load(ordering: .relaxed) }

  /// How many connections were open after the loop's last round, for tests of the bounds.
  package var connectionCount: Int { openConnections.load(ordering: .relaxed) }

  /// Whether the connection `id` is open and its request not answered by the loop itself:
  /// callable from any thread.
  package func wantsAnswer(_ id: Int) -> Bool { openIDs.withLock { $0.contains(id) } }

  /// Notes whether the connection `id` wants an answer, for ``wantsAnswer(_:)``.
  package func noteOpen(_ id: Int, _ open: Bool) {
    openIDs.withLock { ids in
      if open { ids.insert(id) } else { ids.remove(id) }
    }
  }

  /// How many rounds the loop has made.
  package var roundCount: Int { rounds.load(ordering: .relaxed) }

  /// How many answers were dropped because their clients read none of them in time.
  package var unreadAnswersDropped: Int { unreadDropped.load(ordering: .relaxed) }

  package func drainWakePipe() {
    var buffer = [UInt8](repeating: 0, count: 256)
    while read(wakeRead, &buffer, buffer.count) > 0 {}
  }

  // MARK: - Helpers

  #if canImport(Glibc)
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    static let sendFlags: Int32 = 0
  #endif

  package static func makeNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  package static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  package static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }

  package static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
