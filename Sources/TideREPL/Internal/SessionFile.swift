import Foundation

/// A saved REPL session: the feature, its environment, and every reduced action in order, with
/// the clock's time at each.
///
/// ```
/// # tide session
/// # feature: login
/// # environment: demo
/// send @0ms .usernameChanged("pritesh")
/// send @0ms .loginButtonTapped
/// receive @800ms .loginResponse(.success(User(name: "Pritesh", …)))
/// ```
struct SessionFile: Equatable {
  struct Step: Equatable {
    let received: Bool
    let time: Duration
    let action: String
    let line: Int
  }

  var feature: String?
  var environment: String?
  var steps: [Step] = []

  static func parse(_ text: String) throws(InputError) -> SessionFile {
    var file = SessionFile()
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      let number = offset + 1
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        let comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
        if comment.hasPrefix("feature:") {
          file.feature = comment.dropFirst("feature:".count).trimmingCharacters(in: .whitespaces)
        } else if comment.hasPrefix("environment:") {
          file.environment = comment.dropFirst("environment:".count).trimmingCharacters(
            in: .whitespaces)
        }
        continue
      }
      let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
      guard parts.count == 3, parts[0] == "send" || parts[0] == "receive", parts[1].hasPrefix("@"),
        let time = REPLFormat.parseDuration(String(parts[1].dropFirst()))
      else {
        throw InputError(
          message:
            "line \(number) of the session file is not 'send @<time> <action>' or 'receive @<time> <action>': \(line)",
          position: 0)
      }
      file.steps.append(
        Step(received: parts[0] == "receive", time: time, action: parts[2], line: number))
    }
    return file
  }
}
