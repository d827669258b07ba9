import TideInspect

/// Writes a Swift Testing test that replays a REPL session through `TestStore`: every send and
/// receive with the closure that asserts its exact state change, and the clock moved between
/// them as it moved in the session.
package enum TestExporter {
  package struct Step {
    let received: Bool
    let action: Any
    let before: Any
    let after: Any
    let time: Duration
    /// Lines written as they are instead of an action, at `time`.
    let statements: [String]

    package init(received: Bool, action: Any, before: Any, after: Any, time: Duration) {
      self.received = received
      self.action = action
      self.before = before
      self.after = after
      self.time = time
      self.statements = []
    }

    /// Lines written as they are, at `time`: an explorer's resolution of a call, or a check.
    package init(statements: [String], time: Duration) {
      self.received = false
      self.action = ()
      self.before = ()
      self.after = ()
      self.time = time
      self.statements = statements
    }
  }

  /// The test's source; `nil` as soon as it passes `byteLimit` bytes, so that a bounded export
  /// (a web front's download) stops before it is built whole. With no limit it is never `nil`.
  package static func export(
    name: String,
    header: [String]? = nil,
    preamble: [String] = [],
    feature: String,
    environmentName: String,
    imports: [String],
    reducer: String,
    environment: String,
    initialState: Any,
    initialStateExpression: String? = nil,
    steps: [Step],
    effectsStillRunning: Bool,
    secretPlaceholder: String? = nil,
    checkingInvariants invariants: String? = nil,
    byteLimit: Int = .max
  ) -> String? {
    var writer = TestWriter(
      name: name, header: header, preamble: preamble, feature: feature,
      environmentName: environmentName, imports: imports, reducer: reducer,
      environment: environment, initialState: initialState,
      initialStateExpression: initialStateExpression,
      advancesClock: steps.contains { $0.time > .zero }, hasSteps: !steps.isEmpty,
      secretPlaceholder: secretPlaceholder, checkingInvariants: invariants, byteLimit: byteLimit)
    for step in steps {
      guard writer.write(step) else { return nil }
    }
    return writer.finish(effectsStillRunning: effectsStillRunning)
  }

  /// A Swift Testing function name from a file's base name: `exported-login session` →
  /// `exportedLoginSession`. Only ASCII letters and digits are kept; a name that would start with
  /// a digit or be a keyword gets a word added, and an empty one is `replaysSession`.
  package static func testName(from base: String) -> String {
    let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    guard let first = words.first else { return "replaysSession" }
    var name = first.prefix(1).lowercased() + first.dropFirst()
    for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
    if name.first?.isNumber == true { return "session" + name }
    return keywords.contains(name) ? name + "Session" : name
  }

  /// Swift's reserved words, and the few contextual ones a function name cannot be.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "package", "precedencegroup", "private", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "some", "any",
  ]

  /// `.milliseconds(800)`
  static func literal(_ duration: Duration) -> String {
    Inspector(redacts: false).line(duration)
  }
}
