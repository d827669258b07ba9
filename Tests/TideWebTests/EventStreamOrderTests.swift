import Foundation
import Testing
import TideTestSupport

@testable import TideAttach
@testable import TideWeb

/// A new event stream never misses the state published while it was being registered: its first
/// event is the state at or after its registration (issue 26: 2 runs in 150 showed the previous
/// state until the next change).
@Suite struct EventStreamOrderTests {
  @Test func aChangePublishedBeforeTheLoopTakesTheStreamStillReachesIt() async throws {
    let (requests, arrived) = AsyncStream.makeStream(of: Int.self)
    let loop = try EventLoop(port: 0, limits: EventLoop.Limits()) { _, connection, _ in
      arrived.yield(connection)
      return nil
    }
    loop.start()
    defer { loop.stop() }
    let client = try LoopbackClient(port: loop.port)
    client.write("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(loop.port)\r\n\r\n")
    var iterator = requests.makeAsyncIterator()
    let id = try #require(await iterator.next(), "the request never reached the handler")
    // What the main actor does: the stream with the state as it is, then at once a change. The
    // loop may not have taken the stream yet; the change must be broadcast all the same.
    loop.submit(.startStream(connection: id, first: Array("event: update\ndata: 1\n\n".utf8)))
    #expect(loop.hasStreams, "a change published now would be dropped")
    if loop.hasStreams { loop.submit(.broadcast(Array("event: update\ndata: 2\n\n".utf8))) }
    let received = await client.read { $0.contains("data: 2\n\n") }
    #expect(received.hasSuffix("data: 1\n\nevent: update\ndata: 2\n\n"))
  }

  /// A loop with `limits`, started, and a client whose `GET /events` it has taken as a stream,
  /// with nothing sent on it yet: what the tests of streams start from. Stop the loop when done.
  static func streaming(
    _ limits: EventLoop.Limits, receiveBuffer: Int32? = nil
  ) async throws -> (EventLoop, LoopbackClient) {
    let (requests, arrived) = AsyncStream.makeStream(of: Int.self)
    let loop = try EventLoop(port: 0, limits: limits) { _, connection, _ in
      arrived.yield(connection)
      return nil
    }
    loop.start()
    let client = try LoopbackClient(port: loop.port)
    if let receiveBuffer { client.shrinkReceiveBuffer(to: receiveBuffer) }
    client.write("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(loop.port)\r\n\r\n")
    var iterator = requests.makeAsyncIterator()
    guard let id = await iterator.next() else {
      loop.stop()
      throw ClientError(message: "the request never reached the handler")
    }
    loop.submit(.startStream(connection: id, first: []))
    return (loop, client)
  }

  /// A reader that stays about 2 MiB behind but keeps pace holds the server to what it has not
  /// read: each event is let go once sent, so the memory kept stays under the backlog limit and
  /// one event, however long the stream runs (issue 26: 40 MB grew to 713 MB over 5,000 events of
  /// 60 KB, as the sent part of a buffer was freed only when it drained completely).
  @Test func aLaggingReaderThatKeepsPaceHoldsOnlyWhatItHasNotRead() async throws {
    var limits = EventLoop.Limits()
    limits.sendBuffer = 16 * 1024
    let (loop, client) = try await Self.streaming(limits, receiveBuffer: 16 * 1024)
    defer { loop.stop() }
    let event = [UInt8](repeating: UInt8(ascii: "x"), count: 60 * 1024)
    // 2 MiB the reader is behind.
    for _ in 0..<35 { loop.submit(.broadcast(event)) }
    var most = 0
    for _ in 0..<300 {
      loop.submit(.broadcast(event))
      let read = await Task.detached { client.readExactly(event.count) }.value
      #expect(read == event.count)
      most = max(most, loop.retainedOutput)
    }
    #expect(most <= limits.streamBacklog + event.count, "the server kept \(most) bytes")
    #expect(most >= 30 * event.count, "the reader was not behind: \(most) bytes waited")
  }

  /// A reader that keeps pace is never dropped, however large an event (a hostile trial: with a
  /// session view past the 4 MiB backlog, every page was dropped at every change, even one that
  /// had read everything). An event waits behind the one being read, not behind a full backlog.
  @Test func aReaderThatKeepsPaceGetsEventsLargerThanTheBacklog() async throws {
    var limits = EventLoop.Limits()
    limits.streamBacklog = 64 * 1024
    let (loop, client) = try await Self.streaming(limits)
    defer { loop.stop() }
    let event = [UInt8](repeating: UInt8(ascii: "x"), count: 200 * 1024)
    for round in 0..<10 {
      // Two at once: the second waits behind the first, which is being read.
      loop.submit(.broadcast(event))
      loop.submit(.broadcast(event))
      let read = await Task.detached { client.readExactly(2 * event.count) }.value
      #expect(read == 2 * event.count, "round \(round)")
      if read != 2 * event.count { break }
    }
    #expect(loop.connectionCount == 1, "the reader was dropped")
  }

  /// A reader that falls behind is dropped, and its last event says why, after what it had not
  /// read, so that the page can show it rather than "is tide still running?".
  @Test func aReaderThatFallsBehindIsToldWhyItWasDropped() async throws {
    var limits = EventLoop.Limits()
    limits.streamBacklog = 64 * 1024
    limits.sendBuffer = 16 * 1024
    let (loop, client) = try await Self.streaming(limits, receiveBuffer: 16 * 1024)
    defer { loop.stop() }
    let event = Array("event: update\ndata: \(String(repeating: "x", count: 30 * 1024))\n\n".utf8)
    for _ in 0..<20 { loop.submit(.broadcast(event)) }
    let received = await client.readToEnd()
    #expect(
      received.hasSuffix(
        "\n\nevent: dropped\ndata: more than 65536 bytes waited for this reader to read them\n\n"))
    #expect(received.components(separatedBy: "event: update").count - 1 < 20)
  }

  /// An answer nobody reads is not kept: after the answer time without the client reading any of
  /// it, the connection is closed and its bytes let go.
  @Test func anAnswerNobodyReadsIsDropped() async throws {
    var limits = EventLoop.Limits()
    limits.sendBuffer = 16 * 1024
    limits.answerTime = .milliseconds(300)
    let answer = HTTPResponse(
      status: 200, contentType: "text/plain", body: [UInt8](repeating: 65, count: 4 << 20))
    let loop = try EventLoop(port: 0, limits: limits) { _, _, _ in answer }
    loop.start()
    defer { loop.stop() }
    let client = try LoopbackClient(port: loop.port)
    client.shrinkReceiveBuffer(to: 16 * 1024)
    client.write("GET /big HTTP/1.1\r\nHost: 127.0.0.1:\(loop.port)\r\n\r\n")
    // The answer waits in the server until the answer time has passed with nothing read, and
    // is dropped then. (The bound only ends a broken run.)
    let clock = ContinuousClock()
    let start = clock.now
    while loop.unreadAnswersDropped == 0 || loop.retainedOutput > 0 || loop.connectionCount > 0,
      clock.now - start < .seconds(30)
    {
      await Task.yield()
    }
    #expect(loop.unreadAnswersDropped == 1)
    #expect(loop.retainedOutput == 0)
    #expect(loop.connectionCount == 0, "the connection was kept open")
    // The client does not read what the kernel still holds: with its window shut for so long,
    // the sender's kernel probes it at intervals that grow to two minutes, so a read to the end
    // could idle for minutes (it did under the thread sanitizer).
  }
}
