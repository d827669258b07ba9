import Foundation
import Tide
import TideExpressions
import TideInspect
import TideRecord

extension FeatureSession {
  /// Case names by type, from the examples and every action seen so far: for suggestions and
  /// completion. Recomputed when the history grows.
  var caseNames: [String: Set<String>] {
    // Only the entries added since the last call are visited: the history only grows at its end
    // (time travel truncates it, and a truncated entry's names may stay: they are still names).
    // `entries` is nil until the examples have been visited.
    let start = caseNameCache.entries.map { min($0, entries.count) } ?? 0
    let fresh = Self.caseNames(
      in: (caseNameCache.entries == nil ? definition.examples.map { $0 as Any } : [])
        + entries[start...].map { $0.action as Any })
    caseNameCache.names.merge(fresh) { $0.union($1) }
    caseNameCache.entries = entries.count
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

  /// The first field of the state, as `:state` takes it: `nil` for a state that is not a
  /// struct or a class (an enum's children are its payload, not fields to name).
  var stateFieldExample: String? {
    let mirror = Mirror(reflecting: store.untrackedState)
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return nil }
    return mirror.children.lazy.compactMap(\.label).first { !$0.hasPrefix("_") }
  }

  /// The redacted labels of every ``Redacting`` type in the examples, the initial state and the
  /// actions so far: the names whose values ``SecretMask`` hides in a line that failed.
  var secretLabels: Set<String> {
    let start = secretLabelCache.entries.map { min($0, entries.count) } ?? 0
    let fresh = Self.secretLabels(
      in: (secretLabelCache.entries == nil
        ? definition.examples.map { $0 as Any } + [initialState] : [])
        + entries[start...].map { $0.action as Any })
    secretLabelCache.labels.formUnion(fresh)
    secretLabelCache.entries = entries.count
    return secretLabelCache.labels
  }

  /// The redacted labels of the ``Redacting`` types in `values` and everything they hold, looking
  /// at no more than 10,000 values.
  nonisolated static func secretLabels(in values: [Any]) -> Set<String> {
    var labels: Set<String> = []
    var pending = values
    var budget = 10_000
    while budget > 0, let value = pending.popLast() {
      budget -= 1
      if let redacting = type(of: value) as? any Redacting.Type {
        labels.formUnion(redacting.redactedLabels)
      }
      pending += Mirror(reflecting: value).children.map(\.value)
    }
    return labels
  }

  var topLevelCaseNames: [String] {
    let type = Inspector.typeName(Action.self)
    return (caseNames[type] ?? []).sorted()
  }

  /// Prints the state, or the part a key path names: `savedLocations.value[0].name`.
  ///
  /// A part that a ``Redacting`` type hides prints as `"••••••"`, wherever the path goes next.
  func showState(path: String) throws(InputError) {
    var value: Any = store.untrackedState
    var walked: [String] = []
    var isSecret = false
    func place() -> String { walked.isEmpty ? "the state" : walked.joined(separator: ".") }
    for component in path.split(separator: ".").map(String.init) {
      var name = component
      var indices: [Int] = []
      if let open = component.firstIndex(of: "[") {
        name = String(component[..<open])
        // `list[0][1]`: one or more whole-number subscripts.
        var rest = component[open...]
        while rest.first == "[" {
          guard let close = rest.firstIndex(of: "]") else {
            throw InputError(
              message: "'\(component)' needs a whole number between [ ]", position: 0)
          }
          let digits = rest[rest.index(after: rest.startIndex)..<close]
          guard let index = Int(digits) else {
            // A number too large for an index is one: say so, not that it is none.
            let isNumber = !digits.isEmpty && digits.drop { $0 == "-" }.allSatisfy(\.isASCIIDigit)
            throw InputError(
              message: isNumber
                ? "'\(component)': \(digits) is not an index of any list (at most \(Int.max))"
                : "'\(component)' needs a whole number between [ ]",
              position: 0)
          }
          indices.append(index)
          rest = rest[rest.index(after: close)...]
        }
        guard rest.isEmpty else {
          throw InputError(
            message: "'\(component)' has something after its ]", position: 0)
        }
      }
      if !name.isEmpty {
        let parent = try present(value, at: place())
        let mirror = Mirror(reflecting: parent)
        guard let child = mirror.children.first(where: { $0.label == name }) else {
          let known = mirror.children.compactMap(\.label)
          throw InputError(
            message: "\(place()) has no '\(name)'"
              + (known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))"),
            position: 0, suggestions: Suggestions.closest(to: name, in: known))
        }
        if let redacting = type(of: parent) as? any Redacting.Type,
          redacting.redactedLabels.contains(name)
        {
          isSecret = true
        }
        value = child.value
        walked.append(name)
      }
      for index in indices {
        // Only a list is indexed: a struct's fields by position would skip its redaction. A
        // navigation stack is indexed by its screens, as `$0.path[0]` is in a test.
        var list = try present(value, at: place())
        let mirror = Mirror(reflecting: list)
        if let stack = list as? any ScreensByPosition { list = stack.screensByPosition }
        let style = Mirror(reflecting: list).displayStyle
        guard style == .collection || style == .set else {
          let known = mirror.children.compactMap(\.label)
          throw InputError(
            message:
              "\(place()) is \(English.withArticle(Inspector.typeName(type(of: list)))), not a list: [\(index)] indexes lists; name a property instead"
              + (known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))"),
            position: 0)
        }
        let elements = Mirror(reflecting: list).children.map(\.value)
        guard elements.indices.contains(index) else {
          throw InputError(
            message:
              "index \(index) is out of bounds: \(place()) has \(English.count(elements.count, "element"))",
            position: 0)
        }
        value = elements[index]
        if walked.isEmpty { walked.append("") }
        walked[walked.count - 1] += "[\(index)]"
      }
    }
    if isSecret {
      output.line(
        value is String || value is String? ? "\"\(SecretMask.bullets)\"" : SecretMask.bullets)
    } else {
      output.line(REPLFormat.inspector.dump(value))
    }
  }

  /// `value` with optionals unwrapped; an error naming `place` when it is `nil`.
  private func present(_ value: Any, at place: String) throws(InputError) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    guard let wrapped = mirror.children.first else {
      throw InputError(message: "\(place) is nil", position: 0)
    }
    return try present(wrapped.value, at: place)
  }

  func showView() {
    guard let view = definition.view else {
      output.line("\(featureName) has no view projection; :state shows its state.", .dim)
      return
    }
    output.line(REPLFormat.inspector.dump(view(store.untrackedState)))
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
        "\(label(number))  \(arrow) \(action)  @\(DurationText.format(entry.time))",
        number > cursor ? .dim : .plain)
    }
  }
}
