/// A parsed HTTP/1.x request: what the web front's routes look at.
package struct HTTPRequest: Sendable {
  package var method: String
  /// The path, percent-decoded: `/api/steps`.
  package var path: String
  /// The query's parameters, percent-decoded, in order.
  package var query: [(name: String, value: String)]
  /// Header names in lower case, values trimmed, in order.
  package var headers: [(name: String, value: String)]
  package var body: [UInt8]

  /// The value of the only header with this (lower-case) name.
  package func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }

  /// The first query parameter with this name.
  package func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

}

extension Substring {
  package func trimmingSpaces() -> Substring {
    var result = self
    while result.first == " " || result.first == "\t" { result.removeFirst() }
    while result.last == " " || result.last == "\t" { result.removeLast() }
    return result
  }
}
