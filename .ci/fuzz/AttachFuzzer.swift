// A libFuzzer target for the attach protocol's line reader (TideWeb's AttachMessage and the
// messages of AttachProtocol). Built with their own sources by `.ci/fuzz/run`; not part of the
// package.
//
// Besides "does not crash": a refusal names a column inside the line (or just past it) and a
// reason; a line that is read writes back as one line (no line break inside) that reads as the
// same message; and a message that a client or a server sends writes back to itself. The
// connection's LineBuffer, fed the input in pieces of sizes taken from it, gives the lines that
// splitting the whole input gives, and keeps what follows the last line feed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var buffer = LineBuffer()
  var lines: [[UInt8]] = []
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + 1 + Int(bytes[start] % 5))
    buffer.append(bytes[start..<end])
    start = end
    while let length = buffer.firstLineLength() { lines.append(buffer.takeLine(length: length)) }
  }
  let whole = bytes.split(separator: 10, omittingEmptySubsequences: false).dropLast().map(Array.init)
  precondition(lines == whole, "the lines read in pieces differ from the whole's")
  precondition(buffer.count == bytes.count - (bytes.lastIndex(of: 10).map { $0 + 1 } ?? 0))
  let message: AttachMessage
  do throws(AttachMessage.ParseError) {
    message = try AttachMessage.parse(bytes)
  } catch {
    precondition((1...bytes.count + 1).contains(error.column), "column \(error.column)")
    precondition(!error.message.isEmpty)
    return 0
  }
  let line = message.line
  precondition(line.last == 10 && !line.dropLast().contains(10) && !line.dropLast().contains(13))
  precondition((try? AttachMessage.parse(line.dropLast())) == message, "no round trip")
  if let client = try? AttachProtocol.ClientMessage(message) {
    precondition((try? AttachProtocol.ClientMessage(client.message)) == client)
  }
  if let server = try? AttachProtocol.ServerMessage(message) {
    precondition((try? AttachProtocol.ServerMessage(server.message)) == server)
  }
  return 0
}
