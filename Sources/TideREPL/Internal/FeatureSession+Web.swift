import Foundation
import Tide
import TideInspect

/// What the web front shows of a session, as JSON. Everything goes through the redacting
/// inspector: a secret's value is never in it.
extension FeatureSession {
  var stepCounts: (total: Int, cursor: Int) { (entries.count, cursor) }

  var viewJSON: String? {
    definition.view.map { REPLFormat.inspector.json($0(store.untrackedState)) }
  }

  func stepsJSON(_ range: ClosedRange<Int>) -> [String] {
    let first = max(1, range.lowerBound)
    let last = min(entries.count, range.upperBound)
    guard first <= last else { return [] }
    var steps: [String] = []
    history.forEachStep(in: (first - 1)..<last) { entry, before, after in
      let number = steps.count + first
      var fields = [
        "\"number\":\(number)",
        "\"kind\":\"\(entry.source.rawValue)\"",
        "\"origin\":\"\(entry.origin.rawValue)\"",
        "\"action\":" + Inspector.jsonString(REPLFormat.inspector.line(entry.action, limit: 160)),
        "\"time\":\(Self.milliseconds(entry.time))",
        "\"environment\":" + Inspector.jsonString(entry.environment),
      ]
      let diff = REPLFormat.inspector.diff(before, after)
      fields.append("\"diff\":" + (diff.map(Inspector.jsonString) ?? "null"))
      fields.append("\"effect\":" + (entry.effect.map(Inspector.jsonString) ?? "null"))
      steps.append("{" + fields.joined(separator: ",") + "}")
    }
    return steps
  }

  var effectsJSON: String {
    history.collectEffects()
    let spans = history.effects.map { span in
      "{\"description\":\(Inspector.jsonString(span.description)),"
        + "\"start\":\(Self.milliseconds(span.start)),\"step\":\(span.step),"
        + "\"end\":\(span.end.map(Self.milliseconds) ?? "null"),"
        + "\"cancelled\":\(span.wasCancelled)}"
    }
    return "[" + spans.joined(separator: ",") + "]"
  }

  /// A duration in milliseconds, as a JSON number.
  nonisolated static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return value.isFinite ? String(format: "%.3f", value) : "0"
  }
}
