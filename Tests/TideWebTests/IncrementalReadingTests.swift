import Foundation
import Testing

@testable import TideAttach
@testable import TideWeb

/// Requests and lines that come a few bytes at a time: read as they would be whole, at the cost
/// of reading them whole. (A client that trickles a request used to make the server search and
/// parse everything it had sent again on every read.)
@Suite struct IncrementalReadingTests {
  static let request = Array(
    ("POST /api/send?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Tide-Token: abc\r\n"
      + String(repeating: "X-Pad: \(String(repeating: "p", count: 200))\r\n", count: 40)
      + "Content-Length: 20000\r\n\r\n" + String(repeating: "b", count: 20_000)).utf8)

  @Test func aRequestThatComesAByteAtATimeIsReadOnce() throws {
    let parser = HTTPRequestParser(limits: .init())
    var progress = HTTPRequestParser.Progress()
    var received: [UInt8] = []
    var result = HTTPRequestParser.Result.incomplete
    for byte in Self.request {
      received.append(byte)
      result = parser.parse(received, progress: &progress)
      if case .complete = result { break }
      guard case .incomplete = result else { break }
    }
    guard case .complete(let request) = result else {
      Issue.record("not read whole: \(result)")
      return
    }
    #expect(request.path == "/api/send")
    #expect(request.header("x-tide-token") == "abc")
    #expect(request.body.count == 20_000)
    #expect(received.count == Self.request.count)
    // Each byte is looked at a bounded number of times: the search, the head's parse, the body.
    #expect(progress.bytesExamined <= 3 * Self.request.count)
  }

  @Test func readingFromTheStartOnEveryReadWouldCostTheSquare() {
    // What the server did before: every read parsed everything again. The same count, for
    // contrast, so that the bound above means something.
    let parser = HTTPRequestParser(limits: .init())
    let head = Array(Self.request.prefix(4_000))
    var examined = 0
    for end in 1...head.count {
      var progress = HTTPRequestParser.Progress()
      _ = parser.parse(Array(head[..<end]), progress: &progress)
      examined += progress.bytesExamined
    }
    #expect(examined > head.count * 1_000)
  }

  @Test func aBareLineFeedIsRefusedAsSoonAsItComesInAnyRead() {
    let parser = HTTPRequestParser(limits: .init())
    var progress = HTTPRequestParser.Progress()
    var received = Array("GET / HTTP/1.1\r\nHost: x\r".utf8)
    #expect("\(parser.parse(received, progress: &progress))" == "incomplete")
    received += Array("\nAccept: y".utf8)
    #expect("\(parser.parse(received, progress: &progress))" == "incomplete")
    received += Array("\n".utf8)
    guard case .invalid(let error) = parser.parse(received, progress: &progress) else {
      Issue.record("a bare line feed was not refused")
      return
    }
    #expect(error.status == 400)
    #expect(error.reason == "lines must end in CRLF")
  }

  /// Bytes after a request's end are a second request sent before the first one's answer, or a
  /// body longer than its Content-Length: the reason says which end was passed.
  @Test(arguments: [
    (
      "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n",
      "bytes arrived after the request's end (its head): one request a connection, sent whole"
    ),
    (
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nabc",
      "bytes arrived after the request's end (the 2 bytes of body its Content-Length says): one request a connection, sent whole"
    ),
  ])
  func bytesAfterTheRequestsEndAreRefusedSayingWhichEnd(request: String, reason: String) {
    var progress = HTTPRequestParser.Progress()
    guard
      case .invalid(let error) = HTTPRequestParser(limits: .init()).parse(
        Array(request.utf8), progress: &progress)
    else {
      Issue.record("not refused")
      return
    }
    #expect(error.status == 400)
    #expect(error.reason == reason)
  }

  /// Random requests, valid and damaged, split at random places: read incrementally they give
  /// after each read what the bytes so far give whole. The seed is printed
  /// when a case fails: run with TIDE_FUZZ_SEED=N to replay it.
  @Test func requestsSplitAnywhereReadAsTheyDoWhole() {
    let seed =
      ProcessInfo.processInfo.environment["TIDE_FUZZ_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix(seed: seed)
    let parser = HTTPRequestParser(limits: .init(headBytes: 600, headerCount: 8, bodyBytes: 300))
    let pieces = [
      "GET / HTTP/1.1\r\n", "Host: a\r\n", "Content-Length: 5\r\n", "\r\n", "\n", "\r", "X: y\r\n",
      "hello", "Content-Length: 500\r\n", "Transfer-Encoding: chunked\r\n", ": z\r\n", "é",
      String(repeating: "q", count: 250),
    ]
    for _ in 0..<3_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(generator.next() % 8) {
        bytes += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8)
      }
      if generator.next() % 3 == 0 {
        bytes = Array("GET /x HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc".utf8)
        if !bytes.isEmpty, generator.next() % 2 == 0 {
          bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(
            truncatingIfNeeded: generator.next())
        }
      }
      let whole = "\(parser.parse(bytes))"
      var progress = HTTPRequestParser.Progress()
      var end = 0
      var result = HTTPRequestParser.Result.incomplete
      while end < bytes.count {
        end = min(bytes.count, end + 1 + Int(generator.next() % 40))
        result = parser.parse(Array(bytes[..<end]), progress: &progress)
        guard case .incomplete = result else { break }
      }
      // What the server acts on after a read is what the bytes so far give read whole: a
      // request complete in a prefix is complete then (what follows is not read as a
      // request), and a bare line feed is refused when it comes.
      let text = String(decoding: bytes, as: UTF8.self).debugDescription
      #expect(
        "\(result)" == "\(parser.parse(Array(bytes[..<end])))", "seed \(seed): \(text), \(end)")
      if end == bytes.count {
        #expect("\(result)" == whole, "seed \(seed): \(text)")
      }
    }
  }

  @Test func linesThatComeAByteAtATimeAreFoundOnce() {
    var buffer = LineBuffer()
    let text = Array(String(repeating: "x", count: 60_000).utf8) + [10] + Array("ab\r\nc".utf8)
    var lines: [[UInt8]] = []
    for byte in text {
      buffer.append([byte][...])
      while let length = buffer.firstLineLength() {
        lines.append(buffer.takeLine(length: length))
      }
    }
    #expect(lines.map(\.count) == [60_000, 3])
    #expect(buffer.count == 1)
    #expect(buffer.bytesExamined <= 3 * text.count)
  }

  @Test func manyShortLinesInOneReadAreTakenWithoutMovingTheRestEachTime() {
    var buffer = LineBuffer()
    buffer.append(Array(repeating: 10, count: 100_000)[...])
    var count = 0
    while let length = buffer.firstLineLength() {
      #expect(buffer.takeLine(length: length).isEmpty)
      count += 1
    }
    #expect(count == 100_000)
    #expect(buffer.isEmpty)
    #expect(buffer.bytesExamined <= 3 * 100_000)
  }

  /// Random bytes split at random places give the lines that splitting them whole gives. The
  /// seed is printed when a case fails: run with TIDE_FUZZ_SEED=N to replay it.
  @Test func linesSplitAnywhereAreTheLinesOfTheWhole() {
    let seed =
      ProcessInfo.processInfo.environment["TIDE_FUZZ_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix(seed: seed)
    for _ in 0..<500 {
      let bytes = (0..<Int(generator.next() % 300)).map { _ in
        [UInt8(10), 13, 97, 98][Int(generator.next() % 4)]
      }
      var buffer = LineBuffer()
      var lines: [[UInt8]] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + Int(generator.next() % 50))
        buffer.append(bytes[start..<end])
        start = end
        while let length = buffer.firstLineLength() {
          lines.append(buffer.takeLine(length: length))
        }
      }
      let expected = bytes.split(separator: 10, omittingEmptySubsequences: false).dropLast()
        .map(Array.init)
      #expect(lines == expected, "seed \(seed): \(bytes)")
      #expect(buffer.count == bytes.count - (bytes.lastIndex(of: 10).map { $0 + 1 } ?? 0))
    }
  }

  @Test func aLineOfTheLimitWhoseCRArrivedWithoutItsLFIsNotTooLongYet() {
    var buffer = LineBuffer()
    buffer.append(Array(repeating: 97, count: 10)[...])
    #expect(!buffer.holdsMore(than: 10))
    buffer.append([13][...])
    // The LF may be in the next read: a CR at the end is not counted yet.
    #expect(!buffer.holdsMore(than: 10))
    buffer.append([97][...])
    #expect(buffer.holdsMore(than: 10))
    var plain = LineBuffer()
    plain.append(Array(repeating: 97, count: 11)[...])
    #expect(plain.holdsMore(than: 10))
  }
}
