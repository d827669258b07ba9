import Foundation
import Tide
import TideInspect

extension FeatureSession {
  func jump(to index: Int) throws(InputError) {
    guard (0...entries.count).contains(index) else {
      throw InputError(
        message: "there is no step \(index); the history has steps 0 to \(entries.count)",
        position: 0)
    }
    let before = store.state
    var state = definition.initialState
    let environment = definition.environment(named: environmentName, clock: clock)
    for entry in entries[..<index] {
      _ = definition.reducer.reduce(into: &state, action: entry.action, environment: environment)
    }
    history.cursor = index
    printed = index
    rebuildStore(state: state)
    output.line("⟲ step \(index) of \(entries.count), replayed from the initial state", .heading)
    if let diff = REPLFormat.inspector.diff(before, state) { output.diff(diff) }
  }

  func back(_ steps: Int) throws(InputError) {
    guard steps > 0 else { throw InputError(message: ":back takes a positive number", position: 0) }
    try jump(to: max(0, cursor - steps))
  }

  func undo() throws(InputError) {
    guard let last = entries[..<cursor].lastIndex(where: { $0.source == .sent }) else {
      throw InputError(message: "nothing to undo", position: 0)
    }
    try jump(to: last)
  }

  func reset() {
    history.entries = []
    history.cursor = 0
    printed = 0
    startClockOver()
    rebuildStore(state: definition.initialState)
    output.line("⟲ reset \(featureName) to its initial state", .heading)
  }
}
