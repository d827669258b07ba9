import Dispatch
import Foundation
import Synchronization
import Tide

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Writing answers and streams, and closing connections: output queues, backlogs and deadlines.
extension EventLoop {
  package func answer(_ id: Int, _ response: HTTPResponse) {
    guard let phase = connections[id]?.phase, phase == .reading || phase == .waiting else { return }
    // The head, then the body as it is: a body many are sent (the cached test) stays one array.
    finish(id, with: [response.serializedHead(), response.body])
  }

  /// Sends `chunks` (after what a stream still has to send), then closes.
  package func finish(_ id: Int, with chunks: [[UInt8]]) {
    guard var connection = connections[id], connection.phase != .answering,
      connection.phase != .lingering
    else { return }
    if connection.phase != .streaming {
      connection.output = OutputQueue()
    } else {
      // No longer a stream: nothing more is broadcast to it.
      streams.subtract(1, ordering: .sequentiallyConsistent)
    }
    connection.phase = .answering
    connection.input = []
    connection.lines.removeAll()
    connection.deadline = Self.now() + Self.nanoseconds(limits.answerTime)
    for chunk in chunks { connection.output.append(chunk) }
    connections[id] = connection
    flush(id)
  }

  /// Queues `bytes` for a stream, or drops the stream when its reader is too far behind.
  package func stream(_ bytes: [UInt8], to id: Int) {
    guard let pending = connections[id]?.output.pending else { return }
    if pending + bytes.count > limits.streamBacklog {
      // Lines: it is told why after what it has not read, and has the answer time to read it.
      if case .lines(let lines, _) = framing, !lines.tooSlow.isEmpty {
        finish(id, with: [lines.tooSlow])
      } else {
        closeConnection(id)
      }
    } else {
      connections[id]?.output.append(bytes)
      flush(id)
    }
  }

  package func flush(_ id: Int) {
    // In place: a copy of the connection would copy its queue of chunks on the first change.
    let before = connections[id]?.output.pending
    guard let fd = connections[id]?.fd,
      connections[id]?.output.send(to: fd, flags: Self.sendFlags) == true
    else {
      closeConnection(id)
      return
    }
    if let connection = connections[id], connection.isCatchingUp, !connection.askedForMore,
      connection.output.pending <= limits.streamBacklog / 4
    {
      // Most of what it was given is out: the next chunk of what it missed.
      connections[id]?.askedForMore = true
      onDrained?(id)
    }
    if connections[id]?.phase == .answering, connections[id]?.output.pending != before {
      // The client reads: its answer has time again.
      connections[id]?.deadline = Self.now() + Self.nanoseconds(limits.answerTime)
    }
    guard let connection = connections[id], connection.output.isEmpty,
      connection.phase == .answering
    else { return }
    if connection.isReadClosed {
      // The client sends nothing more: the answer is out, and the connection is done.
      closeConnection(id)
      return
    }
    // Shut for writing, then read what the client still sends for a moment, so that closing
    // with unread bytes does not reset the connection before the answer is read.
    shutdown(connection.fd, Int32(SHUT_WR))
    connections[id]?.phase = .lingering
    connections[id]?.deadline = Self.now() + 1_000_000_000
  }

  /// Answers requests that took too long with 408, and closes lingering connections.
  package func expire() {
    let now = Self.now()
    for (id, connection) in connections where connection.deadline <= now {
      switch connection.phase {
      case .reading:
        if case .lines(let lines, _) = framing {
          finish(id, with: [lines.timedOut])
          continue
        }
        let milliseconds = Self.nanoseconds(limits.requestTime) / 1_000_000
        answer(id, .text(408, "the request took longer than \(milliseconds)ms to arrive"))
      case .lingering:
        closeConnection(id)
      case .answering:
        // An answer nobody reads: not kept.
        unreadDropped.add(1, ordering: .relaxed)
        closeConnection(id)
      default:
        break
      }
    }
  }

  package func closeConnection(_ id: Int) {
    guard let connection = connections.removeValue(forKey: id) else { return }
    if connection.phase == .streaming { streams.subtract(1, ordering: .sequentiallyConsistent) }
    close(connection.fd)
  }
}
