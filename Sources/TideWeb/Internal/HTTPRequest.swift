/// A parsed HTTP/1.x request: what the web front's routes look at.
struct HTTPRequest: Sendable {
  var method: String
  /// The path, percent-decoded: `/api/steps`.
  var path: String
  /// The query's parameters, percent-decoded, in order.
  var query: [(name: String, value: String)]
  /// Header names in lower case, values trimmed, in order.
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  /// The value of the only header with this (lower-case) name.
  func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }

  /// The first query parameter with this name.
  func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

}

extension Substring {
  func trimmingSpaces() -> Substring {
    var result = self
    while result.first == " " || result.first == "\t" { result.removeFirst() }
    while result.last == " " || result.last == "\t" { result.removeLast() }
    return result
  }
}
