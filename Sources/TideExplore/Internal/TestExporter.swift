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
    var source = Inspector(redacts: secretPlaceholder != nil)
    source.secretPlaceholder = secretPlaceholder
    var lines =
      ["// swift-format-ignore-file"]
      + (header ?? [
        "// Exported by `tide` (:export-test) from a session of the \(feature) feature,",
        "// environment \(environmentName). Every step asserts its exact state change.",
        "// It holds the values typed in the session, passwords included, so tide creates it",
        "// readable by you only; keep it private.",
      ]) + [""]
    let modules = Set(imports + ["Testing", "Tide", "TideTesting"]).sorted()
    lines += modules.map { "import \($0)" }
    lines += [
      "",
      "@MainActor",
      "@Test func \(name)() async {",
    ]
    // Declared only when something uses it, so the test compiles without a warning.
    let advances = steps.contains { $0.time > .zero }
    if advances || environment.contains("clock") { lines.append("  let clock = TestClock()") }
    lines += preamble.map { "  " + $0 }
    lines += [
      "  let store = TestStore(",
      "    initialState: \(initialStateExpression ?? source.source(initialState)),",
      "    reducer: \(reducer),",
      "    environment: \(environment)",
      "  )",
    ]
    if let invariants {
      lines +=
        steps.isEmpty
        ? ["  // The invariants, checked in the initial state."]
        : [
          "  // The schedule's actions with the invariants checked at every step, not every state:",
          "  // the test fails while the bug is there and passes once the feature is fixed.",
        ]
      lines += [
        "  store.exhaustivity = .off",
        "  store.checkInvariants(\(invariants))",
      ]
    }
    let skip = "  await store.skipReceivedActions()"
    var time = Duration.zero
    var size = 0
    var counted = 0
    for step in steps {
      while counted < lines.count {
        size += lines[counted].utf8.count + 1
        counted += 1
      }
      if size > byteLimit { return nil }
      if step.time > time {
        lines.append("  await clock.advance(by: \(literal(step.time - time)))")
        time = step.time
      }
      if !step.statements.isEmpty {
        lines += step.statements.map { "  " + $0 }
        continue
      }
      if invariants != nil {
        // Only what the schedule did: what the feature received and how the state changed may
        // differ once it is fixed.
        if step.received {
          if lines.last != skip { lines.append(skip) }
        } else {
          lines.append("  await store.send(\(source.source(step.action)))")
        }
        continue
      }
      let call = step.received ? "receive" : "send"
      let head = "  await store.\(call)(\(source.source(step.action)))"
      let assignments = source.assignments(from: step.before, to: step.after)
      switch assignments.count {
      case 0:
        lines.append(head)
      case 1:
        lines.append(head + " { " + assignments[0] + " }")
      default:
        lines.append(head + " {")
        lines += assignments.map { "    " + $0 }
        lines.append("  }")
      }
    }
    if invariants != nil, lines.last != skip { lines.append(skip) }
    if effectsStillRunning {
      lines.append("  // Effects were still running when the session was exported.")
      lines.append("  await store.skipInFlightEffects()")
    }
    lines.append("}")
    let text = lines.joined(separator: "\n") + "\n"
    return text.utf8.count > byteLimit ? nil : text
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
  private static func literal(_ duration: Duration) -> String {
    Inspector(redacts: false).line(duration)
  }
}
