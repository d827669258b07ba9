import Dispatch
import Foundation
import Synchronization
import Tide

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Reading what connections send: requests, or lines handed to the handler as it can take them.
extension EventLoop {
  package func readFrom(_ id: Int) {
    // The connection's fields are read one by one: a copy of it would share its input, and
    // appending to the input would then copy all of it on every read.
    guard let fd = connections[id]?.fd, let phase = connections[id]?.phase else { return }
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
    if phase == .lingering {
      // Its answer is out: what it still sends is read only to be dropped, and its end (or a
      // failed socket) closes the connection at once. Left open, a closed peer's hang-up would
      // wake the loop on every round until the lingering time ran out.
      if count <= 0 { closeConnection(id) }
      return
    }
    if count == 0, case .lines = framing {
      // The client is done sending (it closed, or shut its side for writing, as a script piping
      // lines does): every line it sent is still dealt with and answered, the last one even
      // without its line end; then the connection closes.
      connections[id]?.isReadClosed = true
      takeLines(id)
      return
    }
    if count == 0, phase == .waiting || phase == .answering {
      // The client half-closed after a whole request: it waits for the answer to what it asked,
      // which may already have been applied. Answer it; read nothing more.
      connections[id]?.isReadClosed = true
      return
    }
    if count == 0, phase == .reading, case .http = framing, connections[id]?.input.isEmpty == false
    {
      // The client shut its side for writing in the middle of a request: it may still read,
      // and is told why nothing else will come of it.
      connections[id]?.isReadClosed = true
      answer(
        id,
        .error(HTTPError(400, "the client stopped sending before the request was whole")))
      return
    }
    guard count > 0 else {
      // The client left (or the socket failed): nothing more can be read or written.
      closeConnection(id)
      return
    }
    guard case .http(let handler) = framing else {
      guard [.reading, .waiting, .streaming].contains(phase) else { return }
      connections[id]?.lines.append(buffer[..<count])
      takeLines(id)
      return
    }
    // Whatever arrives after the request is not read as a request.
    guard phase == .reading else { return }
    // Parsed from where the last read left off: a request that comes a byte at a time costs
    // what it would cost whole.
    connections[id]?.input += buffer[..<count]
    guard var progress = connections[id]?.request, let input = connections[id]?.input else {
      return
    }
    let result = HTTPRequestParser(limits: limits.request).parse(input, progress: &progress)
    connections[id]?.request = progress
    switch result {
    case .incomplete:
      break
    case .invalid(let error):
      answer(id, .error(error))
    case .complete(let request):
      connections[id]?.phase = .waiting
      if let handlingTime = limits.handlingTime {
        connections[id]?.deadline = Self.now() + Self.nanoseconds(handlingTime)
      }
      connections[id]?.input = []
      connections[id]?.request = HTTPRequestParser.Progress()
      if let response = handler(self, id, request) { answer(id, response) }
    }
  }

  /// Whether the loop reads from `connection` now: a connection that speaks lines is not read
  /// while its first line, or as many as may be, are being dealt with.
  package func wantsInput(_ connection: Connection) -> Bool {
    guard case .lines(let lines, _) = framing else { return true }
    switch connection.phase {
    case .reading, .lingering: return true
    case .streaming: return connection.inFlight < lines.maximumInFlight && !connection.isCatchingUp
    default: return false
    }
  }

  /// Hands the complete lines `id` sent to the handler, as many as it may take now.
  package func takeLines(_ id: Int) {
    guard case .lines(let lines, let handler) = framing else { return }
    // The connection's fields are read one by one: a copy of it would share its buffer, and
    // taking a line off the buffer would then copy all of it.
    while let phase = connections[id]?.phase, let inFlight = connections[id]?.inFlight,
      let isReadClosed = connections[id]?.isReadClosed,
      let isDropping = connections[id]?.isDropping
    {
      let first = phase == .reading
      // A stream that is catching up takes no line: an answer must come after what it missed.
      guard
        first
          || (phase == .streaming && inFlight < lines.maximumInFlight
            && connections[id]?.isCatchingUp == false)
      else { return }
      let waiting = connections[id]?.lines.count ?? 0
      let length =
        connections[id]?.lines.firstLineLength()
        ?? (isReadClosed && (waiting > 0 || isDropping) ? waiting : nil)
      guard let length else {
        if connections[id]?.lines.holdsMore(than: lines.maximumLine) == true {
          guard !first else {
            finish(id, with: [lines.tooLong])
            return
          }
          // An admitted client's line too long: dropped as it comes, answered when it ends.
          connections[id]?.lines.removeAll()
          connections[id]?.isDropping = true
        } else if isReadClosed, inFlight == 0, phase == .streaming || phase == .reading {
          // Everything it sent is answered.
          finish(id, with: [])
        }
        return
      }
      guard var line = connections[id]?.lines.takeLine(length: length) else { return }
      if line.last == 13 { line.removeLast() }
      if line.count > lines.maximumLine, first {
        finish(id, with: [lines.tooLong])
        return
      }
      if first {
        connections[id]?.phase = .waiting
      } else {
        connections[id]?.inFlight += 1
      }
      let tooLong = isDropping || line.count > lines.maximumLine
      connections[id]?.isDropping = false
      handler(self, id, tooLong ? nil : line, first)
    }
  }
}
