/// Where a step of a session came from: typed in the REPL, sent by a page of the web front, or
/// sent by an effect.
package enum StepOrigin: String, Sendable {
  case repl
  case page
  case effect
}
