import Foundation
import Tide
import TideInspect

extension FeatureSession {
  func sessionFile() -> String {
    var lines = [
      "# tide session",
      "# feature: \(featureName)",
      "# environment: \(environmentName)",
      "# It replays exactly: `:load` reduces these actions in order. It holds what was typed,",
      "# passwords included; keep it private.",
    ]
    for entry in entries[..<cursor] {
      lines.append(
        "\(entry.source.rawValue) @\(REPLFormat.duration(entry.time)) \(REPLFormat.source.source(entry.action))"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func load(_ file: SessionFile) async throws(InputError) {
    if let name = file.environment, definition.environments.contains(where: { $0.name == name }) {
      selectEnvironment(name)
    }
    var state = definition.initialState
    let environment = definition.environment(named: environmentName, clock: ManualClock())
    var loaded: [Entry] = []
    for step in file.steps {
      let action: Action
      do {
        action = try ExpressionDecoder.decode(
          Action.self, from: try ExpressionParser.parse(step.action), caseNames: { self.caseNames })
      } catch let error as InputError {
        throw InputError(message: "line \(step.line): \(error.message)", position: 0)
      } catch {
        throw InputError(message: "line \(step.line): \(error)", position: 0)
      }
      let before = state
      let effect = definition.reducer.reduce(
        into: &state, action: action, environment: environment)
      loaded.append(
        Entry(
          source: step.received ? .received : .sent, action: action, before: before, after: state,
          effect: effect.isNone ? nil : effect.description, time: step.time))
    }
    history.entries = loaded
    history.cursor = loaded.count
    printed = loaded.count
    startClockOver()
    rebuildStore(state: state)
    // The clock resumes where the session left it, so new steps carry later times.
    if let last = loaded.last?.time {
      await clock.advance(to: ManualClock.Instant(offset: last))
    }
    output.line(
      "loaded \(loaded.count) steps of \(featureName) (environment: \(environmentName))", .heading)
  }

  func exportTest(named name: String) throws(InputError) -> String {
    guard let export = definition.export else {
      throw InputError(
        message: "\(featureName) does not describe how to export a test", position: 0)
    }
    guard
      let expression = definition.environments.first(where: { $0.name == environmentName })?
        .testExpression
    else {
      throw InputError(
        message:
          "the environment '\(environmentName)' cannot be rebuilt in a test; switch with :env",
        position: 0)
    }
    return TestExporter.export(
      name: name, feature: featureName, environmentName: environmentName,
      imports: export.imports, reducer: export.reducer, environment: expression,
      initialState: definition.initialState,
      steps: entries[..<cursor].map {
        TestExporter.Step(
          received: $0.source == .received, action: $0.action, before: $0.before, after: $0.after,
          time: $0.time)
      },
      effectsStillRunning: !store.runningEffects.isEmpty)
  }
}
