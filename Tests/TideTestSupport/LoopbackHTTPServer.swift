import Foundation
import Synchronization
import Tide

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: it answers each request with whatever the
/// test's handler returns, on a port the system picks. Only loopback, bounded, and stopped by the
/// test.
public final class LoopbackHTTPServer: @unchecked Sendable {
  /// A request as the server read it.
  public struct Request: Sendable {
    /// `GET`, `POST`…
    public let method: String
    /// The path and query.
    public let path: String
    /// The headers, by name as sent.
    public let headers: [String: String]
    /// The body.
    public let body: Data
  }

  /// What the server answers.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// The body.
    public var body: Data
    /// Never answer: hold the connection open until the server stops (to test timeouts).
    public var hangs = false

    /// An answer.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The body.
    ///   - hangs: Whether to never answer.
    public init(status: Int, body: Data, hangs: Bool = false) {
      self.status = status
      self.body = body
      self.hangs = hangs
    }

    /// An answer with `text` as its body.
    public static func json(_ status: Int, _ text: String) -> Response {
      Response(status: status, body: Data(text.utf8))
    }
  }

  /// The port the system picked.
  public let port: UInt16
  private let socket: Int32
  private let handler: @Sendable (Request) -> Response
  private let requests = Lock<[Request]>([])
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)

  /// Every request received so far.
  public var received: [Request] { requests.withLock { $0 } }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Starts a server that answers each request with what `handler` returns.
  public init(handler: @escaping @Sendable (Request) -> Response) throws {
    self.handler = handler
    #if canImport(Glibc)
      let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let listener = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard listener >= 0 else { throw ServerError.system("socket") }
    var reuse: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw ServerError.system("bind/listen")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.socket = listener
    self.port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// Stops accepting, closes the listening socket and waits for the accept loop to end.
  public func stop() {
    guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
    finished.wait()
  }

  deinit { stop() }

  private func acceptLoop() {
    defer { finished.signal() }
    var hanging: [Int32] = []
    defer { for connection in hanging { close(connection) } }
    while !stopped.load(ordering: .sequentiallyConsistent) {
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { return }
      // A client that connects and then sends nothing, or reads nothing, is dropped after a
      // while instead of holding the loop (and `stop()`, which waits for it) for ever: URL
      // sessions may open a connection they never use.
      var patience = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(
        connection, SOL_SOCKET, SO_SNDTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
      guard let request = read(connection) else {
        close(connection)
        continue
      }
      requests.withLock { $0.append(request) }
      let response = handler(request)
      if response.hangs {
        hanging.append(connection)
        continue
      }
      write(response, to: connection)
      close(connection)
    }
  }

  private func read(_ connection: Int32) -> Request? {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var data = Data()
    var headerEnd: Range<Data.Index>?
    var contentLength = 0
    while true {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return nil }
      data.append(contentsOf: buffer[0..<count])
      if headerEnd == nil, let end = data.range(of: Data("\r\n\r\n".utf8)) {
        headerEnd = end
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        for line in head.split(separator: "\r\n").dropFirst() {
          let parts = line.split(separator: ":", maxSplits: 1)
          if parts.count == 2, parts[0].lowercased() == "content-length" {
            contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
          }
        }
      }
      if let end = headerEnd, data.count - end.upperBound >= contentLength { break }
      if data.count > 1_000_000 { return nil }
    }
    let end = headerEnd!
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    let requestLine = lines.first?.split(separator: " ") ?? []
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 {
        headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return Request(
      method: requestLine.count > 0 ? String(requestLine[0]) : "",
      path: requestLine.count > 1 ? String(requestLine[1]) : "",
      headers: headers,
      body: data[end.upperBound..<(end.upperBound + contentLength)])
  }

  private func write(_ response: Response, to connection: Int32) {
    var head = "HTTP/1.1 \(response.status) Status\r\n"
    head += "Content-Type: application/json\r\n"
    head += "Content-Length: \(response.body.count)\r\n"
    head += "Connection: close\r\n\r\n"
    let bytes = Data(head.utf8) + response.body
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Self.sendFlags)
        if sent <= 0 { return }
        offset += sent
      }
    }
  }

  /// A client gone before its answer is a failed send, not a SIGPIPE that ends the tests.
  #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let sendFlags: Int32 = 0
  #endif

  enum ServerError: Error {
    case system(String)
  }
}
