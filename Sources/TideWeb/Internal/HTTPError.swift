/// A request the web front refuses: the status to answer with and why, in plain words.
struct HTTPError: Error, Equatable, Sendable {
  var status: Int
  var reason: String

  init(_ status: Int, _ reason: String) {
    self.status = status
    self.reason = reason
  }
}
