import Foundation
import TideAttach

/// Which answer a request gets: refusals, redirects and the front's own files on the loop's
/// thread; everything that reads or changes the session handed to the main actor.
struct Routes: Sendable {
  /// The work the main actor does for a request.
  enum MainWork: Sendable {
    /// The first load: to the feature's page, or the inspector when it has none.
    case home
    case events
    case session
    case steps(from: Int, to: Int)
    case effects
    case test
    case action(String)
    case jump(Int)
    case page(String)
  }

  let policy: AccessPolicy
  let assets: WebAssets

  /// The most steps one request returns.
  static let stepPage = 500

  /// Answers `request` at once, or hands `onMain` the work and returns `nil`; calls `admitted`
  /// first when the request showed the token.
  func answer(
    _ request: HTTPRequest, admitted: () -> Void = {}, onMain: (MainWork) -> Void
  ) -> HTTPResponse? {
    let credential: AccessPolicy.Credential
    switch (request.method, request.path) {
    case ("GET", "/"):
      credential = .query
    case ("GET", "/inspector") where request.queryValue("token") != nil:
      credential = .query
    case ("GET", "/inspector"), ("GET", "/app"):
      credential = .none
    case ("GET", let path) where path.hasPrefix("/tide/") || path.hasPrefix("/app/"):
      credential = .none
    default:
      credential = .header
    }
    if let refusal = policy.refusal(of: request, needing: credential) { return refusal }
    if credential != .none { admitted() }
    let work: MainWork
    switch (request.method, request.path) {
    case ("GET", "/"):
      work = .home
    case ("GET", "/inspector"):
      // Opened with the token in the address: the token goes to the page's storage, and the
      // address loses it.
      if request.queryValue("token") != nil { return policy.handOverPage(next: "/inspector") }
      return assets.response(for: "inspector.html")
    case ("GET", let path) where path.hasPrefix("/tide/"):
      return assets.response(for: String(path.dropFirst("/tide/".count)))
    case ("GET", "/app"):
      var response = HTTPResponse(status: 303)
      response.headers.append(("Location", "/app/"))
      return response
    case ("GET", let path) where path.hasPrefix("/app/"):
      let file = String(path.dropFirst("/app/".count))
      work = .page(file.isEmpty ? "index.html" : file)
    case ("GET", "/events"):
      work = .events
    case ("GET", "/api/session"):
      work = .session
    case ("GET", "/api/steps"):
      guard let from = Self.number(request.queryValue("from")),
        let to = Self.number(request.queryValue("to")), from >= 1, to >= from
      else {
        return .text(
          400, "/api/steps needs from and to: whole numbers of steps, from 1, to no less than from")
      }
      guard to - from < Self.stepPage else {
        return .text(400, "/api/steps returns at most \(Self.stepPage) steps at a time")
      }
      work = .steps(from: from, to: to)
    case ("GET", "/api/effects"):
      work = .effects
    case ("GET", "/api/test"):
      work = .test
    case ("POST", "/api/action"):
      guard let line = String(validating: request.body, as: UTF8.self) else {
        return .text(400, "an action must be UTF-8 text")
      }
      work = .action(line)
    case ("POST", "/api/jump"):
      guard let text = String(validating: request.body, as: UTF8.self),
        let step = Self.number(text.trimmingCharacters(in: .whitespacesAndNewlines))
      else {
        return .text(400, "a jump's body is a step's number: 0 or more")
      }
      work = .jump(step)
    case (_, "/api/action"), (_, "/api/jump"):
      var response = HTTPResponse.text(405, "\(request.path) takes POST")
      response.headers.append(("Allow", "POST"))
      return response
    default:
      return .text(404, "nothing is at \(request.path)")
    }
    onMain(work)
    return nil
  }

  /// A whole number of at most nine digits.
  static func number(_ text: String?) -> Int? {
    guard let text, !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ (48...57).contains($0) })
    else {
      return nil
    }
    return Int(text)
  }
}
