// A libFuzzer target for the web front's HTTP request parser. Built with the parser's own
// sources by `.ci/fuzz/run`; not part of the package.
//
// Besides "does not crash": a refusal names a 4xx or 5xx status and a reason; a complete request
// has a path starting with / and a body exactly as long as its Content-Length; and every prefix
// of a complete request is incomplete or refused, never complete (so a request split across
// reads is never acted on early). Read incrementally, in pieces of sizes taken from the input,
// the parser gives after each piece what the bytes so far give read whole.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parser = HTTPRequestParser(limits: HTTPRequestParser.Limits())
  switch parser.parse(bytes) {
  case .incomplete:
    break
  case .invalid(let error):
    precondition((400...599).contains(error.status) && !error.reason.isEmpty)
  case .complete(let request):
    precondition(request.path.hasPrefix("/"))
    precondition(request.body.count == Int(request.header("content-length") ?? "0"))
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 16)) {
      if case .complete = parser.parse(Array(bytes[..<cut])) {
        preconditionFailure("a prefix of \(cut) bytes parsed as complete")
      }
    }
  }
  var progress = HTTPRequestParser.Progress()
  var end = 0
  while end < bytes.count {
    end = min(bytes.count, end + 1 + Int(bytes[end] % 7))
    let piecewise = parser.parse(Array(bytes[..<end]), progress: &progress)
    let whole = parser.parse(Array(bytes[..<end]))
    precondition("\(piecewise)" == "\(whole)", "read in pieces: \(piecewise); whole: \(whole)")
    guard case .incomplete = piecewise else { break }
  }
  return 0
}
