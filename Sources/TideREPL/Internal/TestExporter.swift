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

  /// `.milliseconds(800)`
  private static func literal(_ duration: Duration) -> String {
    REPLFormat.source.line(duration)
  }
}
