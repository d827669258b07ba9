import Foundation
import Tide
import TideInspect

extension FeatureSession {
  /// Case names by type, from the examples and every action seen so far: for suggestions and
  /// completion. Recomputed when the history grows.
  var caseNames: [String: Set<String>] {
    // Only the entries added since the last call are visited: the history only grows at its end
    // (time travel truncates it, and a truncated entry's names may stay: they are still names).
    let start = min(caseNameCache.entries, entries.count)
    let fresh = Self.caseNames(
      in: (caseNameCache.entries == 0 ? definition.examples.map { $0 as Any } : [])
        + entries[start...].map { $0.action as Any })
    caseNameCache.names.merge(fresh) { $0.union($1) }
    caseNameCache.entries = max(entries.count, 1)
    return caseNameCache.names
  }

  /// The case names of every enum value in `values` and in their payloads, by type.
  nonisolated static func caseNames(in values: [Any]) -> [String: Set<String>] {
    var names: [String: Set<String>] = [:]
    var pending = values
    while let value = pending.popLast() {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { continue }
      // ".name(…)" → "name": the inspector asks the runtime, never the type's description.
      let printed = REPLFormat.inspector.line(value)
      let name = mirror.children.first?.label ?? String(printed.dropFirst().prefix { $0 != "(" })
      names[Inspector.typeName(type(of: value)), default: []].insert(name)
      for child in mirror.children {
        pending.append(child.value)
        pending += Mirror(reflecting: child.value).children.map(\.value)
      }
    }
    return names
  }

  var topLevelCaseNames: [String] {
    let type = Inspector.typeName(Action.self)
    return (caseNames[type] ?? []).sorted()
  }

  func showState(path: String) throws(InputError) {
    var value: Any = store.state
    var walked: [String] = []
    for component in path.split(separator: ".").map(String.init) where !component.isEmpty {
      var name = component
      var index: Int?
      if let open = component.firstIndex(of: "["), component.hasSuffix("]") {
        name = String(component[..<open])
        index = Int(
          component[component.index(after: open)..<component.index(before: component.endIndex)])
        if index == nil {
          throw InputError(message: "'\(component)' needs a whole number between [ ]", position: 0)
        }
      }
      if !name.isEmpty {
        let mirror = Mirror(reflecting: unwrap(value))
        guard let child = mirror.children.first(where: { $0.label == name }) else {
          let known = mirror.children.compactMap(\.label)
          let place = walked.isEmpty ? "the state" : walked.joined(separator: ".")
          throw InputError(
            message: "\(place) has no '\(name)'"
              + (known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))"),
            position: 0, suggestions: Suggestions.closest(to: name, in: known))
        }
        value = child.value
      }
      if let index {
        let elements = Mirror(reflecting: unwrap(value)).children.map(\.value)
        guard elements.indices.contains(index) else {
          throw InputError(
            message: "index \(index) is out of bounds (\(elements.count) elements)", position: 0)
        }
        value = elements[index]
      }
      walked.append(component)
    }
    output.line(REPLFormat.inspector.dump(value))
  }

  func unwrap(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional, let wrapped = mirror.children.first {
      return unwrap(wrapped.value)
    }
    return value
  }

  func showView() {
    guard let view = definition.view else {
      output.line("\(featureName) has no view projection; :state shows its state.", .dim)
      return
    }
    output.line(REPLFormat.inspector.dump(view(store.state)))
  }

  func showHistory() {
    if entries.isEmpty {
      output.line(
        "No steps yet: send an action, such as \(definition.examples.first.map { REPLFormat.inspector.line($0) } ?? ".someAction").",
        .dim)
      return
    }
    func label(_ number: Int) -> String {
      let digits = String(number)
      return (number == cursor ? "▸" : " ")
        + String(repeating: " ", count: max(0, 3 - digits.count)) + digits
    }
    output.line("\(label(0))  (initial state)")
    for (offset, entry) in entries.enumerated() {
      let number = offset + 1
      let arrow = entry.source == .sent ? "→" : "←"
      let action = REPLFormat.inspector.line(entry.action, limit: 80)
      output.line(
        "\(label(number))  \(arrow) \(action)  @\(REPLFormat.duration(entry.time))",
        number > cursor ? .dim : .plain)
    }
  }
}
