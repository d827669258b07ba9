#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes waiting to be sent on one connection, as the chunks they came in: an event is
/// appended to every stream's queue without being copied (arrays share their storage), and a
/// chunk is let go as soon as it has been sent, so a connection holds what it has not sent yet
/// and at most one chunk it is part way through.
package struct OutputQueue {
  private var chunks: [[UInt8]] = []
  /// The first chunk not wholly sent.
  private var head = 0
  /// How much of `chunks[head]` has been sent.
  private var offset = 0
  /// The bytes not sent yet.
  private(set) var pending = 0

  /// Whether everything has been sent.
  package var isEmpty: Bool { pending == 0 }

  /// The bytes the queue keeps alive: what is unsent, and the sent part of the chunk it is part
  /// way through.
  package var retained: Int { pending + offset }

  /// The bytes waiting behind the chunk being sent (or sent next): what a reader that keeps pace
  /// has not started on yet.
  package var waitingBehindFirst: Int {
    head < chunks.count ? pending - (chunks[head].count - offset) : 0
  }

  package mutating func append(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    chunks.append(bytes)
    pending += bytes.count
  }

  /// Sends as much as the socket takes without blocking. Returns `false` when the connection
  /// failed.
  package mutating func send(to fd: Int32, flags: Int32) -> Bool {
    defer { compact() }
    while head < chunks.count {
      let start = offset
      let sent = chunks[head].withUnsafeBytes { bytes in
        #if canImport(Glibc)
          Glibc.send(fd, bytes.baseAddress! + start, bytes.count - start, flags)
        #else
          Darwin.send(fd, bytes.baseAddress! + start, bytes.count - start, flags)
        #endif
      }
      if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
      offset += sent
      pending -= sent
      if offset == chunks[head].count {
        chunks[head] = []  // Sent: let it go now, not when the whole queue drains.
        head += 1
        offset = 0
      }
    }
    return true
  }

  /// Drops the slots of sent chunks once there are enough of them to be worth moving the rest.
  private mutating func compact() {
    if head == chunks.count {
      chunks.removeAll()
      head = 0
    } else if head >= 64 {
      chunks.removeFirst(head)
      head = 0
    }
  }
}
