import Foundation
import Testing

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
}
