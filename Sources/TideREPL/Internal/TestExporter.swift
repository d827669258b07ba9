import TideInspect

/// Writes a Swift Testing test that replays a REPL session through `TestStore`: every send and
/// receive with the closure that asserts its exact state change, and the clock moved between
/// them as it moved in the session.
enum TestExporter {
  struct Step {
    let received: Bool
    let action: Any
    let before: Any
    let after: Any
    let time: Duration
  }

  static func export(
    name: String,
    feature: String,
    environmentName: String,
    imports: [String],
    reducer: String,
    environment: String,
    initialState: Any,
    steps: [Step],
    effectsStillRunning: Bool
  ) -> String {
    let source = REPLFormat.source
    var lines = [
      "// swift-format-ignore-file",
      "// Exported by `tide` (:export-test) from a session of the \(feature) feature,",
      "// environment \(environmentName). Every step asserts its exact state change.",
      "// It holds the values typed in the session, passwords included, so tide creates it",
      "// readable by you only; keep it private.",
      "",
    ]
    let modules = Set(imports + ["Testing", "Tide", "TideTesting"]).sorted()
    lines += modules.map { "import \($0)" }
    lines += [
      "",
      "@MainActor",
      "@Test func \(name)() async {",
      "  let clock = TestClock()",
      "  let store = TestStore(",
      "    initialState: \(source.source(initialState)),",
      "    reducer: \(reducer),",
      "    environment: \(environment)",
      "  )",
    ]
    var time = Duration.zero
    for step in steps {
      if step.time > time {
        lines.append("  await clock.advance(by: \(literal(step.time - time)))")
        time = step.time
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
    if effectsStillRunning {
      lines.append("  // Effects were still running when the session was exported.")
      lines.append("  await store.skipInFlightEffects()")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Swift Testing function name from a file's base name: `exported-login session` →
  /// `exportedLoginSession`. Only ASCII letters and digits are kept; a name that would start with
  /// a digit or be a keyword gets a word added, and an empty one is `replaysSession`.
  static func testName(from base: String) -> String {
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
    REPLFormat.source.line(duration)
  }
}
