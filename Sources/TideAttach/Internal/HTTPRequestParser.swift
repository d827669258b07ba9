/// Reads one HTTP/1.x request from bytes as they arrive, within fixed bounds; anything it does
/// not accept is an error with the status to answer and a plain reason.
///
/// It is strict: lines end in CRLF, a body needs `Content-Length` (no chunked bodies), the
/// target is a path (origin form), and header names and values hold no control characters.
package struct HTTPRequestParser {
  /// How far it got.
  package enum Result {
    /// More bytes are needed.
    case incomplete
    case complete(HTTPRequest)
    case invalid(HTTPError)
  }

  package struct Limits: Equatable, Sendable {
    /// The request line and headers together.
    var headBytes = 16 * 1024
    var headerCount = 64
    var bodyBytes = 64 * 1024
  }

  package let limits: Limits

  /// What is known of a connection's request so far, kept between reads so that each read
  /// looks only at the bytes it brought: the head is searched for from where the last search
  /// stopped, and read once.
  package struct Progress {
    /// How many bytes were searched for the head's end (and for a line feed without its CR).
    fileprivate(set) var searched = 0
    /// The head, once it was read whole: the request without its body, where the body starts,
    /// and its length.
    fileprivate(set) var head: (request: HTTPRequest, bodyStart: Int, length: Int)?
    /// How many bytes the parser looked at, all reads together: for tests of its cost, which
    /// grows with the request, not with the number of reads it came in.
    fileprivate(set) var bytesExamined = 0

    init() {}
  }

  /// Parses `bytes`, everything received so far on a connection, all at once.
  package func parse(_ bytes: [UInt8]) -> Result {
    var progress = Progress()
    return parse(bytes, progress: &progress)
  }

  /// Parses `bytes`, everything received so far on a connection, carrying on from `progress`
  /// (what the same call learned from the bytes' earlier part).
  ///
  /// - Parameters:
  ///   - bytes: Everything received so far; what `progress` was made from, and more.
  ///   - progress: What is known so far; updated.
  package func parse(_ bytes: [UInt8], progress: inout Progress) -> Result {
    if progress.head == nil {
      // A head's end that the new bytes complete may start up to three bytes before them.
      let from = max(0, progress.searched - 3)
      let headEnd = Self.find([13, 10, 13, 10], in: bytes[...], from: from)
      let searchedTo = headEnd.map { $0 + 4 } ?? bytes.count
      progress.bytesExamined += searchedTo - from
      guard let headEnd else {
        if bytes.count > limits.headBytes {
          return .invalid(
            HTTPError(431, "the request's head is larger than \(limits.headBytes) bytes"))
        }
        // A bare LF line end would never complete: say so as soon as one is seen.
        var index = progress.searched
        while let lf = bytes[index...].firstIndex(of: 10) {
          if lf == 0 || bytes[lf - 1] != 13 {
            return .invalid(HTTPError(400, "lines must end in CRLF"))
          }
          index = lf + 1
        }
        progress.searched = bytes.count
        return .incomplete
      }
      progress.searched = searchedTo
      progress.bytesExamined += headEnd
      switch readHead(bytes[..<headEnd]) {
      case .success(let (request, length)):
        progress.head = (request, headEnd + 4, length)
      case .failure(let error):
        return .invalid(error)
      }
    }
    guard let (head, bodyStart, length) = progress.head else { return .incomplete }
    guard bytes.count - bodyStart >= length else { return .incomplete }
    guard bytes.count - bodyStart == length else {
      // Another request sent before this one's answer, or a body longer than it said.
      let end = length == 0 ? "its head" : "the \(length) bytes of body its Content-Length says"
      return .invalid(
        HTTPError(
          400,
          "bytes arrived after the request's end (\(end)): one request a connection, sent whole"))
    }
    var request = head
    request.body = Array(bytes[bodyStart...])
    progress.bytesExamined += length
    return .complete(request)
  }

  /// Reads a request's head (without its blank line): the request without its body, and the
  /// body's length.
  private func readHead(_ head: ArraySlice<UInt8>) -> Swift.Result<(HTTPRequest, Int), HTTPError> {
    guard head.count + 4 <= limits.headBytes else {
      return .failure(
        HTTPError(431, "the request's head is larger than \(limits.headBytes) bytes"))
    }
    var lines: [ArraySlice<UInt8>] = []
    var start = head.startIndex
    while let end = Self.find([13, 10], in: head, from: start) {
      lines.append(head[start..<end])
      start = end + 2
    }
    lines.append(head[start...])
    if lines.contains(where: { $0.contains(10) || $0.contains(13) }) {
      return .failure(HTTPError(400, "lines must end in CRLF"))
    }
    var request: HTTPRequest
    switch Self.requestLine(lines[0]) {
    case .success(let parsed): request = parsed
    case .failure(let error): return .failure(error)
    }
    guard lines.count - 1 <= limits.headerCount else {
      return .failure(HTTPError(431, "the request has more than \(limits.headerCount) headers"))
    }
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: 58) else {
        return .failure(HTTPError(400, "a header line has no colon"))
      }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
        return .failure(HTTPError(400, "a header's name is not a token"))
      }
      let value = line[(colon + 1)...]
      guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
        return .failure(HTTPError(400, "a header's value holds a control character"))
      }
      guard let text = String(validating: value, as: UTF8.self) else {
        return .failure(HTTPError(400, "a header's value is not UTF-8"))
      }
      request.headers.append(
        (
          String(decoding: name, as: UTF8.self).lowercased(),
          String(Substring(text).trimmingSpaces())
        ))
    }
    for unique in ["host", "content-length", "origin", "x-tide-token", "sec-fetch-site"]
    where request.headers.filter({ $0.name == unique }).count > 1 {
      return .failure(HTTPError(400, "the request has more than one \(unique) header"))
    }
    guard request.header("host") != nil else {
      return .failure(HTTPError(400, "the request has no Host header"))
    }
    if request.header("transfer-encoding") != nil {
      return .failure(
        HTTPError(400, "bodies must have a Content-Length; chunked ones are refused"))
    }
    var length = 0
    if let text = request.header("content-length") {
      guard !text.isEmpty, text.count <= 12, text.utf8.allSatisfy({ (48...57).contains($0) }),
        let value = Int(text)
      else {
        return .failure(HTTPError(400, "Content-Length is not a whole number"))
      }
      length = value
    }
    guard length <= limits.bodyBytes else {
      return .failure(HTTPError(413, "the body is larger than \(limits.bodyBytes) bytes"))
    }
    return .success((request, length))
  }

  private static func requestLine(_ line: ArraySlice<UInt8>) -> Swift.Result<HTTPRequest, HTTPError>
  {
    let parts = line.split(separator: 32, omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      return .failure(HTTPError(400, "the request line is not METHOD PATH VERSION"))
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    guard !method.isEmpty, parts[0].allSatisfy(isTokenByte) else {
      return .failure(HTTPError(400, "the method is not a token"))
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      return .failure(HTTPError(505, "only HTTP/1.0 and HTTP/1.1 are spoken here"))
    }
    let target = parts[1]
    guard target.first == 47, target.allSatisfy({ $0 > 32 && $0 < 127 }) else {
      return .failure(HTTPError(400, "the target must be a path starting with /"))
    }
    let questionMark = target.firstIndex(of: 63)
    let rawPath = target[..<(questionMark ?? target.endIndex)]
    guard let path = percentDecoded(rawPath, plusIsSpace: false) else {
      return .failure(HTTPError(400, "the path is not valid percent-encoded UTF-8"))
    }
    var query: [(String, String)] = []
    if let questionMark {
      for pair in target[(questionMark + 1)...].split(separator: 38) {
        let parts = pair.split(separator: 61, maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = percentDecoded(parts[0], plusIsSpace: true),
          let value = parts.count > 1 ? percentDecoded(parts[1], plusIsSpace: true) : ""
        else {
          return .failure(HTTPError(400, "the query is not valid percent-encoded UTF-8"))
        }
        query.append((name, value))
      }
    }
    return .success(
      HTTPRequest(method: method, path: path, query: query, headers: [], body: []))
  }

  package static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 37 {
        guard index + 3 <= bytes.endIndex, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { return nil }
        let decoded = high << 4 | low
        guard decoded != 0 else { return nil }
        result.append(decoded)
        index += 3
      } else {
        result.append(plusIsSpace && byte == 43 ? 32 : byte)
        index += 1
      }
    }
    return String(validating: result, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 65...70: byte - 55
    case 97...102: byte - 87
    default: nil
    }
  }

  package static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 48...57, 65...90, 97...122: true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  /// Where `needle` first starts in `bytes`, at or after `start`.
  package static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int? = nil)
    -> Int?
  {
    var index = start ?? bytes.startIndex
    let last = bytes.endIndex - needle.count
    while index <= last {
      if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  package static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    find(needle, in: bytes[...])
  }
}
