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

  /// Queues `bytes` for a stream, or drops the stream when its reader is too far behind: when
  /// more than the backlog would wait behind the chunk it is reading. A chunk larger than the
  /// backlog is queued when nothing else waits, so a reader that keeps pace is never dropped,
  /// whatever the size of what it is sent.
  package func stream(_ bytes: [UInt8], to id: Int) {
    guard let waiting = connections[id]?.output.waitingBehindFirst else { return }
    if waiting > 0, waiting + bytes.count > limits.streamBacklog {
      // It is told why after what it has not read, and has the answer time to read it.
      switch framing {
      case .lines(let lines, _) where !lines.tooSlow.isEmpty:
        finish(id, with: [lines.tooSlow])
      case .http:
        finish(id, with: [Self.tooSlowEvent(backlog: limits.streamBacklog)])
      default:
        closeConnection(id)
      }
    } else {
      connections[id]?.output.append(bytes)
      flush(id)
    }
  }

  /// The last event of an event stream whose reader fell too far behind: `dropped`, with why.
  package static func tooSlowEvent(backlog: Int) -> [UInt8] {
    Array(
      "event: dropped\ndata: more than \(backlog) bytes waited for this reader to read them\n\n"
        .utf8)
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

  /// Whether a request waiting for its answer has a deadline: an HTTP request, when the limits
  /// set a handling time.
  package var waitingExpires: Bool {
    guard case .http = framing else { return false }
    return limits.handlingTime != nil
  }

  /// Answers requests that took too long to arrive with 408, and to be answered with 504, and
  /// closes lingering connections.
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
      case .waiting where waitingExpires:
        noteOpen(id, false)
        let milliseconds = Self.nanoseconds(limits.handlingTime!) / 1_000_000
        answer(
          id,
          .text(
            504,
            "the session took longer than \(milliseconds)ms to answer; an action sent may still be taken"
          ))
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
    noteOpen(id, false)
    if connection.phase == .streaming { streams.subtract(1, ordering: .sequentiallyConsistent) }
    if connection.isCatchingUp { onGoneWhileCatchingUp?(id) }
    close(connection.fd)
  }
}
