import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another server on 127.0.0.1, as any local program could run: a web server that serves one
/// page to whoever asks, or any server that answers what it is told to. It keeps every request it
/// received, headers included, to show what a client sent it.
final class OtherPortServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var received: [String] = []
  /// Where a request ends.
  private let terminator: [UInt8]
  private let answer: @Sendable (String) -> [UInt8]

  /// Listens on a free port of 127.0.0.1 and answers every request with `page`.
  convenience init(page: String) throws {
    let body = Array(page.utf8)
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    try self.init(until: "\r\n\r\n") { _ in Array(head.utf8) + body }
  }

  /// Listens on a free port of 127.0.0.1; reads each request until `terminator` and answers it
  /// with what `answer` gives, then closes the connection.
  init(until terminator: String, answer: @escaping @Sendable (String) -> [UInt8]) throws {
    self.terminator = Array(terminator.utf8)
    self.answer = answer
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw Chromium.Failure(description: "the other server cannot listen: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [weak self] in self?.serve() }
    thread.start()
  }

  /// Every request it received, as text.
  var requests: [String] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  private func serve() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      var request = [UInt8]()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !request.ends(with: terminator), request.count < 65_536 {
        let count = read(client, &buffer, buffer.count)
        guard count > 0 else { break }
        request += buffer[..<count]
      }
      let text = String(decoding: request, as: UTF8.self)
      lock.lock()
      received.append(text)
      lock.unlock()
      let reply = answer(text)
      _ = reply.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
      close(client)
    }
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
