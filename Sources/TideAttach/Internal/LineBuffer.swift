/// Bytes that come as lines (from a client of the attach server, or from the server to `tide
/// attach`) and are not yet taken, split into lines in time that grows with the bytes, however
/// they are split across reads: each read's bytes are searched for a line feed once, and lines
/// are taken off the front without moving what follows each time.
package struct LineBuffer {
  private var bytes: [UInt8] = []
  /// Where the bytes not yet taken start.
  private var start = 0
  /// Where the search for the next line feed resumes: none is before it.
  private var searched = 0
  /// How many bytes were searched or moved, all reads together: for tests of its cost.
  private(set) var bytesExamined = 0

  /// How many bytes are waiting, a partial line's included.
  package var count: Int { bytes.count - start }

  package var isEmpty: Bool { count == 0 }

  /// Whether the bytes waiting, with no line feed among them, make a line longer than `limit`:
  /// a CR at their end is not counted, as it may be the first half of a CRLF split across
  /// reads.
  ///
  /// - Parameters:
  ///   - limit: The most bytes a line may have, its line end left out.
  package func holdsMore(than limit: Int) -> Bool {
    count > limit && !(count == limit + 1 && bytes.last == 13)
  }

  /// Adds what a read brought.
  ///
  /// - Parameters:
  ///   - new: The bytes, in the order they came.
  package mutating func append(_ new: ArraySlice<UInt8>) {
    bytes += new
  }

  /// The length of the first whole line, its line feed left out, or `nil` when no whole line
  /// has come.
  package mutating func firstLineLength() -> Int? {
    let from = max(searched, start)
    let feed = bytes[from...].firstIndex(of: 10)
    searched = feed ?? bytes.count
    bytesExamined += searched - from
    return feed.map { $0 - start }
  }

  /// Takes the first `length` bytes off, and the line feed after them when there is one.
  ///
  /// - Parameters:
  ///   - length: How many bytes the line has, its line feed left out; at most ``count``.
  /// - Returns: The line, its line feed left out.
  package mutating func takeLine(length: Int) -> [UInt8] {
    let line = Array(bytes[start..<(start + length)])
    start = min(start + length + 1, bytes.count)
    bytesExamined += length
    // Move what is left to the front only once it is no more than what was taken, so that
    // each byte is moved a bounded number of times.
    if start == bytes.count {
      bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
      start = 0
      searched = 0
    } else if start >= bytes.count - start {
      bytesExamined += bytes.count - start
      bytes.removeFirst(start)
      searched -= start
      start = 0
    }
    return line
  }

  /// Drops everything that is waiting.
  package mutating func removeAll() {
    bytes = []
    start = 0
    searched = 0
  }
}
