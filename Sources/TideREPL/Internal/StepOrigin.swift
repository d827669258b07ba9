/// Where a step of a session came from: typed in the REPL, sent by a page of the web front, sent
/// by an effect, or sent in the app whose served store `tide attach` follows (by the app itself,
/// or by a front attached to it).
package enum StepOrigin: String, Sendable {
  case repl
  case page
  case effect
  case app
}
