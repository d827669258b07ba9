/// A request the web front refuses: the status to answer with and why, in plain words.
package struct HTTPError: Error, Equatable, Sendable {
  package var status: Int
  package var reason: String

  package init(_ status: Int, _ reason: String) {
    self.status = status
    self.reason = reason
  }
}
