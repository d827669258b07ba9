import Dispatch
import Foundation
import Tide
import TideInspect

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The client end of the attach protocol, as `tide attach` uses it: says hello with the token,
/// then follows the served store's recording and sends it actions. For a tool of your own that
/// follows a served store.
///
/// <!-- example: given address: AttachAddress, token: String -->
/// ```swift
/// let client = try AttachClient(connectingTo: address, token: token)
/// print(client.feature, client.history.count)
/// _ = client.send(#".textChanged("milk")"#)
/// for await event in client.events {
///   if case .lines(let lines) = event { lines.forEach { print($0) } }
///   if case .ended = event { break }
/// }
/// ```
public final class AttachClient: Sendable {
  /// What the server says after the welcome, in order.
  public enum Event: Sendable, Equatable {
    /// Lines of the store's recording, in the order it recorded them.
    case lines([String])
    /// The server's answer to the action ``AttachClient/send(_:)`` numbered `id`: `nil` when
    /// it was sent to the store, else why not. The lines the action made came before it.
    case answered(id: Int, refusal: String?)
    /// The server could not read a line of ours; the connection goes on.
    case error(String)
    /// The connection ended, and why.
    case ended(String)
  }

  /// The served feature's name.
  public let feature: String
  /// The environment the served store runs in.
  public let environment: String
  /// The fingerprint of the state the served store began from, as a recording's `# start:`
  /// line writes it; `nil` when the server did not say. A REPL replays the store's steps from
  /// its feature's initial state, and says so when that state's fingerprint differs.
  public let start: String?
  /// The store's recording when the client connected: the lines the welcome announced, each
  /// `send @…`, `receive @…` or `answer @…` as a session file holds it.
  public let history: [String]
  private let fd: Int32
  private let state: Lock<State>
  /// What the reader has read and the consumer of ``events`` has not taken yet.
  private let queue = AttachEventQueue<Event>(
    capacity: AttachClient.waitingEvents, byteCapacity: AttachClient.waitingBytes)

  private struct State {
    var nextID = 1
    var ended: String?
    /// What was read past the welcome while connecting.
    var leftover = LineBuffer()
    /// Bytes of recording lines taken while connecting.
    var recordingBytes = 0
  }

  /// The longest line the client takes from a server: a recorded answer may be large (every
  /// place a search found), but not without bound.
  package static let maximumLine = 64 << 20

  /// How many events may wait to be taken from ``events`` before the client stops reading from
  /// the server.
  package static let waitingEvents = 64

  /// How many bytes of events may wait to be taken from ``events`` before the client stops
  /// reading from the server (an event longer than that waits alone).
  package static let waitingBytes = 8 << 20

  /// The most bytes of recording lines the client takes from a server in all: what a session
  /// file may hold, since `:save` writes them and `tide --open` reads them back. A server that
  /// sends more is left.
  package static let maximumRecording = 64 << 20
  /// This client's bound on the recording, ``maximumRecording`` unless a test makes it smaller.
  private let recordingLimit: Int
  /// The longest line taken from the server: ``maximumLine``, or less in tests.
  private let lineLimit: Int

  /// Whether a line the server sent can be a line of a recording: a step or an answer, with no
  /// control character. A comment (`# feature:`, `# clock:`) would change what a saved file
  /// says without the session ever showing it.
  package static func isRecordingLine(_ text: String) -> Bool {
    ["send @", "receive @", "answer @"].contains { text.hasPrefix($0) }
      && !text.unicodeScalars.contains { $0 != "\t" && TerminalText.isInvisible($0) }
  }

  /// Connects, says hello, and reads the welcome.
  ///
  /// <!-- example: given address: AttachAddress -->
  /// ```swift
  /// let client = try AttachClient(connectingTo: address, token: "0123456789abcdef")
  /// ```
  ///
  /// - Parameters:
  ///   - address: Where the store is served.
  ///   - token: The run's token.
  ///   - timeout: How long to wait for the welcome and the recording so far.
  /// - Throws: ``AttachError/cannotConnect(_:)`` with what the server or the system said.
  public convenience init(
    connectingTo address: AttachAddress, token: String, timeout: Duration = .seconds(60)
  ) throws(AttachError) {
    try self.init(
      connectingTo: address, token: token, timeout: timeout,
      maximumRecording: AttachClient.maximumRecording)
  }

  /// Connects, taking at most `maximumRecording` bytes of recording lines in all, and lines of
  /// at most `maximumLine` bytes (tests make them small), to a Unix socket only when a process
  /// of `user` serves it (tests name another).
  package init(
    connectingTo address: AttachAddress, token: String, timeout: Duration,
    maximumRecording: Int, maximumLine: Int = AttachClient.maximumLine, user: uid_t = getuid()
  ) throws(AttachError) {
    recordingLimit = maximumRecording
    lineLimit = maximumLine
    let place = address.text.split(separator: "?").first.map(String.init) ?? address.text
    switch address.place {
    case .loopback(let port):
      guard let fd = LoopbackSocket.connect(port: port) else {
        throw AttachError.cannotConnect(
          "nothing is served at \(place): \(EventLoop.errorText()); is the process running?")
      }
      self.fd = fd
    case .unixSocket(let path):
      guard path.utf8.count <= UnixSocket.maximumPathLength else {
        throw AttachError.cannotConnect(
          "the socket's path is \(path.utf8.count) bytes; the system takes at most \(UnixSocket.maximumPathLength)"
        )
      }
      switch UnixSocket.connect(to: path) {
      case .success(let fd): self.fd = fd
      case .failure(let error):
        throw AttachError.cannotConnect(
          "nothing is served at \(place): \(error.reason); is the process running?")
      }
      // The token goes only to a process of this user: one of another user's, listening where
      // the socket was (moved away in a folder others can change), would take it, and show a
      // session of its own making.
      let peer = UnixSocket.peerUser(of: fd)
      guard peer == user else {
        closeDescriptor(fd)
        throw AttachError.cannotConnect(
          "\(place) is served by "
            + (peer.map { "a process of user \($0)" } ?? "a process the system does not name")
            + ", not one of yours (user \(user)): tide attach sends it nothing, the token least")
      }
    }
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    state = Lock(State())
    guard
      Self.write(
        AttachProtocol.ClientMessage.hello(protocol: AttachProtocol.version, token: token).message
          .line, to: fd)
    else {
      closeDescriptor(fd)
      throw AttachError.cannotConnect("the connection to \(place) closed before hello was sent")
    }
    var buffer = LineBuffer()
    let deadline = DispatchTime.now().uptimeNanoseconds + Self.nanoseconds(timeout)
    let first: [UInt8]
    switch Self.readLine(from: fd, buffer: &buffer, until: deadline, limit: maximumLine) {
    case .success(let line): first = line
    case .failure(let reason):
      closeDescriptor(fd)
      let why =
        switch reason {
        case .closed: "\(place) closed the connection without a welcome"
        case .late: "\(place) did not welcome tide attach in time"
        case .tooLong: "\(place) sent a first line longer than \(maximumLine) bytes"
        }
      throw AttachError.cannotConnect(why)
    }
    guard let message = try? AttachMessage.parse(Self.trimmed(first)) else {
      closeDescriptor(fd)
      throw AttachError.cannotConnect("\(place) does not speak the attach protocol")
    }
    if message.type == "welcome", case .number(let version) = message["protocol"],
      version != AttachProtocol.version
    {
      closeDescriptor(fd)
      throw AttachError.cannotConnect(
        "\(place) speaks protocol \(version); this tide speaks \(AttachProtocol.version)")
    }
    var bytes = 0
    switch try? AttachProtocol.ServerMessage(message) {
    case .welcome(_, let feature, let environment, let count, let start):
      guard !(feature + environment).contains(where: \.isNewline) else {
        closeDescriptor(fd)
        throw AttachError.cannotConnect("\(place) sent a welcome whose names break lines")
      }
      self.feature = feature
      self.environment = environment
      self.start = start
      // The recording so far follows at once: taken in before anything is typed.
      var history: [String] = []
      while history.count < count {
        let message: AttachProtocol.ServerMessage?
        switch Self.readLine(from: fd, buffer: &buffer, until: deadline, limit: maximumLine) {
        case .success(let line):
          message = try? AttachProtocol.ServerMessage(AttachMessage.parse(Self.trimmed(line)))
        case .failure(let reason):
          closeDescriptor(fd)
          let why =
            switch reason {
            case .closed:
              "\(place) closed the connection after \(history.count) of the \(count) lines of its recording it announced"
            case .late:
              "\(place) did not send the \(count) lines of its recording it announced, in time"
            case .tooLong:
              "\(place) sent a line of its recording longer than \(maximumLine) bytes"
            }
          throw AttachError.cannotConnect(why)
        }
        switch message {
        case .line(let text) where Self.isRecordingLine(text):
          bytes += text.utf8.count
          guard bytes <= recordingLimit else {
            closeDescriptor(fd)
            throw AttachError.cannotConnect(
              "\(place) sent more than \(recordingLimit) bytes of recording, the most a session file holds"
            )
          }
          history.append(text)
        case .error(let text):
          closeDescriptor(fd)
          throw AttachError.cannotConnect("\(place) ended the connection: \(text)")
        default:
          closeDescriptor(fd)
          throw AttachError.cannotConnect(
            "\(place) sent a line that is not a step or an answer of a recording")
        }
      }
      self.history = history
    case .error(let message):
      closeDescriptor(fd)
      throw AttachError.cannotConnect("\(place) refused: \(message)")
    case nil where message.type == "welcome":
      closeDescriptor(fd)
      throw AttachError.cannotConnect("\(place) does not speak the attach protocol")
    default:
      closeDescriptor(fd)
      throw AttachError.cannotConnect("\(place) did not begin with a welcome")
    }
    state.withLock {
      $0.leftover = buffer
      $0.recordingBytes = bytes
    }
  }

  /// The server's events, read on a thread of their own from the first call on: lines arrive
  /// in batches as they are read.
  ///
  /// The client reads from the server only as fast as the events are taken: once 64 wait (or
  /// 8 MiB of them), it stops reading until one is taken, and a server that sends faster than
  /// they are taken finds its own backlog for the client full. Take them in one loop: when it
  /// ends before ``Event/ended(_:)`` (`break`, a cancelled task), the client stops taking the
  /// server's events and drops them (a stream nobody looped over changes nothing);
  /// ``close()`` lets the last ones, up to ``Event/ended(_:)``, through to a loop that goes on.
  ///
  /// <!-- example: given client: AttachClient -->
  /// ```swift
  /// for await event in client.events {
  ///   if case .ended(let reason) = event { print(reason) }
  /// }
  /// ```
  public var events: AsyncStream<Event> {
    startReading()
    let queue = self.queue
    // Released with the loop that takes from the stream, whichever way it ends.
    let abandoner = AttachEventQueueAbandoner(queue)
    return AsyncStream(unfolding: { await abandoner.take() }, onCancel: { queue.abandon() })
  }

  private let started = Lock(false)
  /// One line is written at a time, whole.
  private let writing = Lock(())

  private func startReading() {
    guard
      started.withLock({ started in
        defer { started = true }
        return !started
      })
    else { return }
    let thread = Thread { [self] in read() }
    thread.name = "tide-attach"
    thread.start()
  }

  /// Sends an action in Swift syntax; the server's answer comes as an ``Event/answered(id:refusal:)``
  /// event, after the lines the action made.
  ///
  /// <!-- example: given client: AttachClient -->
  /// ```swift
  /// let sent = client.send(".loginButtonTapped")
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action, as the REPL reads it.
  /// - Returns: The action's number, or ``AttachError/connectionEnded(_:)``.
  public func send(_ action: String) -> Result<Int, AttachError> {
    let result = state.withLock { state -> (id: Int, ended: String?) in
      if let ended = state.ended { return (0, ended) }
      defer { state.nextID += 1 }
      return (state.nextID, nil)
    }
    if let ended = result.ended {
      return .failure(AttachError.connectionEnded(ended))
    }
    let line = AttachProtocol.ClientMessage.send(id: result.id, action: action).message.line
    guard writing.withLock({ _ in Self.write(line, to: fd) }) else {
      return .failure(AttachError.connectionEnded("the server closed it"))
    }
    return .success(result.id)
  }

  /// Closes the connection; the events end.
  ///
  /// <!-- example: given client: AttachClient -->
  /// ```swift
  /// client.close()
  /// ```
  public func close() {
    shutdown(fd, Int32(SHUT_RDWR))
    // A reader waiting for the consumer to take events goes on, and finds the connection shut.
    queue.release()
  }

  deinit {
    closeDescriptor(fd)
  }

  private func read() {
    var (buffer, recordingBytes) = state.withLock { ($0.leftover, $0.recordingBytes) }
    var reason = "the served process closed the connection"
    reading: while true {
      var batch: [String] = []
      // Each byte is searched once and lines are taken off without moving the rest each time:
      // a long line arriving in many reads costs what it costs whole.
      while let length = buffer.firstLineLength() {
        let line = Self.trimmed(buffer.takeLine(length: length))
        do {
          switch try AttachProtocol.ServerMessage(try AttachMessage.parse(line)) {
          case .line(let text):
            // One line of the recording: a line break or a comment inside would write lines of
            // the server's choosing into a saved file.
            guard Self.isRecordingLine(text) else {
              reason = "the server sent a line that is not a step or an answer of a recording"
              _ = flush(batch)
              break reading
            }
            recordingBytes += text.utf8.count
            guard recordingBytes <= recordingLimit else {
              reason =
                "the server sent more than \(recordingLimit) bytes of recording, the most a session file holds"
              _ = flush(batch)
              break reading
            }
            batch.append(text)
          case .sent(let id):
            batch = flush(batch)
            queue.put(.answered(id: id, refusal: nil), bytes: 0)
          case .refused(let id, let message):
            batch = flush(batch)
            queue.put(.answered(id: id, refusal: message), bytes: message.utf8.count)
          case .error(let message):
            batch = flush(batch)
            queue.put(.error(message), bytes: message.utf8.count)
          case .welcome:
            reason = "the server said welcome twice"
            _ = flush(batch)
            break reading
          }
        } catch {
          reason = "the server sent a line that is not a message"
          _ = flush(batch)
          break reading
        }
      }
      if !batch.isEmpty { queue.put(.lines(batch), bytes: Self.size(of: batch)) }
      guard !buffer.holdsMore(than: lineLimit) else {
        reason = "the server sent a line longer than \(lineLimit) bytes"
        break
      }
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      let count = recv(fd, &chunk, chunk.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      buffer.append(chunk[..<count])
    }
    end(reason)
  }

  /// About how many bytes a batch of lines holds, for the bound on what waits to be taken.
  private static func size(of batch: [String]) -> Int {
    batch.reduce(0) { $0 + $1.utf8.count }
  }

  /// Yields a batch of lines, if there are any; returns an empty one.
  private func flush(_ batch: [String]) -> [String] {
    if !batch.isEmpty { queue.put(.lines(batch), bytes: Self.size(of: batch)) }
    return []
  }

  private func end(_ reason: String) {
    let first = state.withLock { state -> Bool in
      guard state.ended == nil else { return false }
      state.ended = reason
      return true
    }
    guard first else { return }
    queue.finish(with: .ended(reason))
  }

  /// Why a line could not be read while connecting.
  private enum ReadFailure: Error {
    case closed
    case late
    /// Longer than the line limit.
    case tooLong
  }

  /// Reads one line (without its end) of at most `limit` bytes from `buffer` and then `fd`, by
  /// `deadline`.
  private static func readLine(
    from fd: Int32, buffer: inout LineBuffer, until deadline: UInt64, limit: Int
  ) -> Result<[UInt8], ReadFailure> {
    while true {
      if let length = buffer.firstLineLength() {
        return .success(buffer.takeLine(length: length))
      }
      let now = DispatchTime.now().uptimeNanoseconds
      guard !buffer.holdsMore(than: limit) else { return .failure(.tooLong) }
      guard now < deadline else { return .failure(.late) }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let waited = poll(&descriptor, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
      if waited < 0 && errno != EINTR { return .failure(.closed) }
      guard waited > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      let count = recv(fd, &chunk, chunk.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return .failure(.closed) }
      buffer.append(chunk[..<count])
    }
  }

  private static func trimmed(_ line: [UInt8]) -> [UInt8] {
    line.last == 13 ? Array(line.dropLast()) : line
  }

  private static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        sendBytes(fd, $0.baseAddress, $0.count, sendFlags)
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let sendFlags: Int32 = 0
  #endif

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }
}

/// Sends bytes (inside the class, `send` is ``AttachClient/send(_:)``).
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int
{
  send(fd, bytes, count, flags)
}

/// Closes a descriptor (inside the class, `close` is ``AttachClient/close()``).
private func closeDescriptor(_ fd: Int32) {
  _ = close(fd)
}
