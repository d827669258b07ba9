import Dispatch
import Foundation
import LoginFeature
import Synchronization
import TideAttach
import TideREPL
import TideWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The web front: the time from a line sent to the REPL to its update read by 100 event-stream
/// clients on 127.0.0.1, against the same line with no web front, measured in the same run.
@MainActor
func webBenchmarks() async throws -> [BenchmarkRow] {
  let login = REPLFeature(
    name: "login", summary: "login", initialState: Login.State(), reducer: Login.reducer,
    environments: [REPLEnvironment("demo", summary: "demo") { .demo(clock: $0) }],
    view: { Login.ViewState($0) })
  let iterations = 200

  let alone = try REPL(features: [login], write: { _ in })
  var toggle = false
  let baseline = await measure(operations: iterations) {
    for _ in 0..<iterations {
      toggle.toggle()
      _ = await alone.handle(#".usernameChanged("\#(toggle ? "ada" : "grace")")"#)
    }
  }

  let repl = try REPL(features: [login], write: { _ in })
  let server = WebServer(repl: repl)
  try server.start()
  defer { server.stop() }
  let clients = try (0..<100).map { _ in try EventClient(port: server.port!, token: server.token) }
  // Each stream's first event is answered on the main actor: wait without blocking it.
  await EventClient.waitForAll(clients, events: 1)
  var samples: [Double] = []
  let clock = ContinuousClock()
  for iteration in 0..<(iterations + 20) {
    toggle.toggle()
    let start = clock.now
    _ = await repl.handle(#".usernameChanged("\#(toggle ? "ada" : "grace")")"#)
    await EventClient.waitForAll(clients, events: iteration + 2)
    // The first few warm the caches up.
    if iteration >= 20 { samples.append(nanoseconds(start.duration(to: clock.now))) }
  }
  samples.sort()
  let median = samples[samples.count / 2]
  let p95 = samples[samples.count * 95 / 100]
  return [
    BenchmarkRow(group: "web", name: "REPL line, no web front (Login)", nanoseconds: baseline),
    BenchmarkRow(
      group: "web", name: "REPL line → update read by 100 event-stream clients (median)",
      nanoseconds: median, baseline: "REPL line, no web front (Login)",
      target: .time(atMost: 5e6, "≤ 5 ms"),
      note: String(format: "p95 %.2f ms, over %d lines", p95 / 1e6, samples.count)),
  ] + (try await attackRows(login))
}

/// A REPL line's latency while the web front is attacked as issue 26 did it: 100 clients
/// downloading the test of a 2,000-step session over and over, and a page of another port
/// looping requests without the token. Measured against the same line with the server idle.
@MainActor
func attackRows(_ login: REPLFeature) async throws -> [BenchmarkRow] {
  let repl = try REPL(features: [login], write: { _ in })
  for index in 0..<2_000 { _ = await repl.handle(#".usernameChanged("user\#(index % 100)")"#) }
  let server = WebServer(repl: repl)
  try server.start()
  defer { server.stop() }
  let port = server.port!
  let token = server.token

  // From a line's arrival off the main actor (as the terminal's reader has it) to the REPL
  // having handled it: the wait for the main actor, behind whatever the web front queued there,
  // included.
  func lineLatencies() async -> (median: Double, p95: Double) {
    await Task.detached {
      var samples: [Double] = []
      let clock = ContinuousClock()
      for index in 0..<120 {
        let start = clock.now
        // A line changes the session, so every download after it builds the test again.
        _ = await repl.handle(#".usernameChanged("line\#(index % 2)")"#)
        samples.append(nanoseconds(start.duration(to: clock.now)))
      }
      samples.sort()
      return (samples[samples.count / 2], samples[samples.count * 95 / 100])
    }.value
  }

  let quiet = await lineLatencies()
  let downloads = Hammer(port: port, connections: 100) {
    "GET /api/test HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Tide-Token: \(token)\r\n\r\n"
  }
  let downloading = await lineLatencies()
  let downloaded = downloads.stop()
  let foreign = Hammer(port: port, connections: 20) {
    "GET /api/test HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nSec-Fetch-Site: same-site\r\n"
      + "Cookie: tide_token=\(token)\r\n\r\n"
  }
  let refused = await lineLatencies()
  let refusals = foreign.stop()
  // An event stream whose reader never reads: its backlog grows to the limit, then it is dropped.
  let lagging = try EventClient(port: port, token: token)
  var small: Int32 = 4096
  setsockopt(lagging.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
  let lagged = await lineLatencies()
  // A request's round trip on the event loop, idle and while clients trickle request bodies.
  let request =
    "GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Tide-Token: \(token)\r\n\r\n"
  let requestIdle = await Task.detached { requestLatencies(port: port, request: request) }.value
  let cpuBefore = processCPUSeconds()
  let trickleStart = ContinuousClock.now
  let trickle = Trickle(port: port, connections: 100)
  // Long enough for the bodies to be well under way: each takes 600 rounds.
  try await Task.sleep(for: .seconds(1))
  let trickled = await Task.detached { requestLatencies(port: port, request: request) }.value
  let trickledBytes = trickle.stop()
  // The process's processor time over the trickle, per second of it: the trickling thread's
  // writes and the server's reads (the event loop's share is what the parser costs).
  let trickleCPU =
    (processCPUSeconds() - cpuBefore)
    / (nanoseconds(trickleStart.duration(to: .now)) / 1e9)
  func note(_ latency: (median: Double, p95: Double), _ extra: String) -> String {
    String(format: "p95 %.2f ms; %@", latency.p95 / 1e6, extra)
  }
  let idle = "REPL line, 2,000-step session, server idle (median)"
  /// A line's latency under an attack, against the idle line, with the 50 ms target.
  func underAttack(_ name: String, _ latency: (median: Double, p95: Double), _ extra: String)
    -> BenchmarkRow
  {
    BenchmarkRow(
      group: "web", name: "REPL line while \(name) (median)", nanoseconds: latency.median,
      baseline: idle, target: .time(atMost: 50e6, "≤ 50 ms"), note: note(latency, extra))
  }
  return [
    BenchmarkRow(
      group: "web", name: idle, nanoseconds: quiet.median,
      note: note(quiet, "baseline of the rows below")),
    underAttack(
      "100 clients download the test in a loop", downloading,
      "\(downloaded) downloads answered meanwhile"),
    underAttack(
      "another port loops requests without a token", refused,
      "\(refusals) requests refused meanwhile"),
    underAttack(
      "an event-stream reader never reads", lagged,
      "the reader's events wait in the server, up to its 4 MiB limit"),
    BenchmarkRow(
      group: "web", name: "token request, server idle (median)", nanoseconds: requestIdle.median,
      note: note(requestIdle, "GET /api/session: connect, ask, read to the end")),
    BenchmarkRow(
      group: "web", name: "token request while 100 clients trickle 60 KB bodies (median)",
      nanoseconds: trickled.median, baseline: "token request, server idle (median)",
      target: .time(atMost: 50e6, "≤ 50 ms"),
      note: note(
        trickled,
        "\(trickledBytes / 1_000) KB trickled meanwhile, 100 bytes a write to each, a round a millisecond; "
          + String(format: "%.2f CPUs busy in the process", trickleCPU)
      )),
  ]
}

/// Round trips of `request` on 127.0.0.1: connect, send, read the answer to its end; the
/// median and the 95th percentile of 200, in nanoseconds.
func requestLatencies(port: UInt16, request: String) -> (median: Double, p95: Double) {
  let bytes = Array(request.utf8)
  var samples: [Double] = []
  var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  let clock = ContinuousClock()
  for _ in 0..<200 {
    let start = clock.now
    guard let fd = LoopbackSocket.connect(port: port) else { continue }
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    while recv(fd, &buffer, buffer.count, 0) > 0 {}
    close(fd)
    samples.append(nanoseconds(start.duration(to: clock.now)))
  }
  samples.sort()
  return (samples[samples.count / 2], samples[samples.count * 95 / 100])
}

/// Connections that each send a request head announcing a 60,000-byte body, then the body 100
/// bytes a write, a round of the connections every millisecond (so that the server reads each
/// piece on its own), on a thread of their own, until stopped; a connection the server ends is
/// opened again. No token: anyone can do this.
final class Trickle: @unchecked Sendable {
  private let stopped = Atomic<Bool>(false)
  private let sent = Atomic<Int>(0)
  private let done = DispatchSemaphore(value: 0)

  init(port: UInt16, connections: Int) {
    let head = Array(
      ("POST /api/action HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 60000\r\n\r\n")
        .utf8)
    let piece = [UInt8](repeating: 46, count: 100)
    Thread { [self] in
      var open: [(fd: Int32, left: Int)] = []
      while !stopped.load(ordering: .relaxed) {
        while open.count < connections, let fd = LoopbackSocket.connect(port: port) {
          var nonBlocking = fcntl(fd, F_GETFL)
          nonBlocking |= O_NONBLOCK
          _ = fcntl(fd, F_SETFL, nonBlocking)
          _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
          open.append((fd, 60_000))
        }
        for index in open.indices.reversed() {
          let count = min(piece.count, open[index].left)
          let written = piece.withUnsafeBytes {
            send(open[index].fd, $0.baseAddress, count, Int32(MSG_NOSIGNAL))
          }
          if written > 0 {
            open[index].left -= written
            sent.add(written, ordering: .relaxed)
          }
          if open[index].left == 0 || (written < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            close(open[index].fd)
            open.remove(at: index)
          }
        }
        usleep(1000)
      }
      for connection in open { close(connection.fd) }
      done.signal()
    }.start()
  }

  /// Stops, and returns how many body bytes were sent.
  func stop() -> Int {
    stopped.store(true, ordering: .relaxed)
    done.wait()
    return sent.load(ordering: .relaxed)
  }
}

/// Connections that send one request each, read the whole answer and start over, on a thread of
/// their own, until stopped.
final class Hammer: @unchecked Sendable {
  private let stopped = Atomic<Bool>(false)
  private let answered = Atomic<Int>(0)
  private let done = DispatchSemaphore(value: 0)

  init(port: UInt16, connections: Int, request: @escaping @Sendable () -> String) {
    let bytes = Array(request().utf8)
    Thread { [self] in
      var open: [Int32] = []
      var buffer = [UInt8](repeating: 0, count: 256 * 1024)
      while !stopped.load(ordering: .relaxed) {
        while open.count < connections, let fd = LoopbackSocket.connect(port: port) {
          _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
          open.append(fd)
        }
        var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), 100)
        for (index, entry) in fds.enumerated().reversed() where entry.revents != 0 {
          if recv(entry.fd, &buffer, buffer.count, 0) <= 0 {
            close(entry.fd)
            open.remove(at: index)
            answered.add(1, ordering: .relaxed)
          }
        }
      }
      for fd in open { close(fd) }
      done.signal()
    }.start()
  }

  /// Stops, and returns how many answers were read to their end.
  func stop() -> Int {
    stopped.store(true, ordering: .relaxed)
    done.wait()
    return answered.load(ordering: .relaxed)
  }
}

/// A client of `/events` on 127.0.0.1 that counts the events it has read.
final class EventClient: @unchecked Sendable {
  let fd: Int32
  var events = 0
  private var tail: [UInt8] = []

  init(port: UInt16, token: String) throws {
    guard let fd = LoopbackSocket.connect(port: port) else { throw CocoaError(.fileReadUnknown) }
    self.fd = fd
    let request =
      "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Tide-Token: \(token)\r\n\r\n"
    _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
  }

  deinit { close(fd) }

  /// Reads what is there, counting the events (each ends in a blank line).
  func readAvailable() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = recv(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return }
    for byte in buffer[..<count] {
      if byte == 10, tail.last == 10 { events += 1 }
      tail = [byte]
    }
  }

  /// Waits, off the main actor, until every client has read `events` events.
  static func waitForAll(_ clients: [EventClient], events: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        var fds = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        while clients.contains(where: { $0.events < events }) {
          _ = poll(&fds, nfds_t(fds.count), 1000)
          for (index, client) in clients.enumerated() where fds[index].revents != 0 {
            client.readAvailable()
          }
        }
        continuation.resume()
      }.start()
    }
  }
}
