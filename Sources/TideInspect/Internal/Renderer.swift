/// Prints ``Node`` trees.
struct Renderer {
  enum Style {
    /// Everything on one line: `Login.State(isLoading: true, username: "pritesh")`.
    case line
    /// Several lines for composite values, two spaces a level; short nested values stay inline.
    case lines
    /// One line of Swift source: no element indices, sets as array literals.
    case source
  }

  let style: Style
  /// What a hidden value prints as instead of dots, such as an editor placeholder in exported
  /// source that must not compile until someone types the secret back.
  var secretPlaceholder: String? = nil
  /// What a reference to a copy the root holds is written after (the statements' root), and
  /// what learns that one was written: `$0` when `nil`.
  var root: StatementRoot? = nil
  /// Whether `.source` renders a value longer than ``sourceWidth`` on several lines, nested as
  /// `.lines` nests, for a statement a person reads; a session file's line keeps it on one.
  var wrapsLongSource = false

  /// How long a value's one line of source may be before ``wrapsLongSource`` wraps it.
  static let sourceWidth = 100

  /// Nested composite values whose one-line form is at most this long stay on one line.
  static let inlineWidth = 60
  /// How long a scalar that is not a string may be and still be shown whole where a long value
  /// is summarized.
  static let wholeScalarWidth = 160

  func render(_ node: Node) -> String {
    switch style {
    case .lines: return lines(node, nested: false).joined(separator: "\n")
    case .line: return line(node)
    case .source:
      let single = line(node)
      guard wrapsLongSource, single.count > Self.sourceWidth else { return single }
      return lines(node, nested: false).joined(separator: "\n")
    }
  }

  // MARK: One line

  func line(_ node: Node) -> String {
    switch node {
    case .scalar(let text):
      return text
    case .elided:
      root?.printedLeftOut.isSet = true
      return Reflector.elided
    case .rootReference(let path):
      root?.isReferredTo = true
      return (root?.text ?? "$0") + path
    case .redacted(let isString, _):
      if let secretPlaceholder { return secretPlaceholder }
      return isString ? "\"••••••\"" : "••••••"
    case .some(let wrapped):
      // An optional that holds `nil` (`String??`): written `nil`, it would read back as none.
      if case .scalar("nil") = wrapped { return ".some(nil)" }
      return line(wrapped)
    case .enumCase(_, let name, let payload):
      return payload.isEmpty ? ".\(name)" : ".\(name)(\(fields(payload)))"
    case .structure(let type, let fieldList), .expression(let type, let fieldList, _, _):
      return "\(type)(\(fields(fieldList)))"
    case .tuple(let fieldList):
      return "(\(fields(fieldList)))"
    case .array(let elements):
      return "[\(elements.map(line).joined(separator: ", "))]"
    case .set(let elements):
      let list = "[\(elements.map(line).joined(separator: ", "))]"
      return style == .source ? list : "Set(\(list))"
    case .dictionary(let pairs):
      if pairs.isEmpty { return "[:]" }
      return "[\(pairs.map { "\(line($0.key)): \(line($0.value))" }.joined(separator: ", "))]"
    case .unchanged(let box):
      return line(box.node)
    }
  }

  private func fields(_ fields: [Node.Field]) -> String {
    fields.map { field in (field.label.map { "\($0): " } ?? "") + line(field.node) }
      .joined(separator: ", ")
  }

  // MARK: Several lines

  /// The lines of a node, unindented; children are indented two spaces under their parent.
  func lines(_ node: Node, nested: Bool) -> [String] {
    if nested, !node.isEmptyComposite, node.isComposite {
      let single = line(node)
      if single.count <= Self.inlineWidth { return [single] }
    }
    switch node.unwrapped {
    case .enumCase(_, let name, let payload) where !payload.isEmpty:
      return block(
        open: ".\(name)(", close: ")",
        children: payload.map { ($0.label.map { "\($0): " } ?? "", $0.node) })
    case .structure(let type, let fieldList) where !fieldList.isEmpty,
      .expression(let type, let fieldList, _, _) where !fieldList.isEmpty:
      return block(
        open: "\(type)(", close: ")",
        children: fieldList.map { ($0.label.map { "\($0): " } ?? "", $0.node) })
    case .tuple(let fieldList) where !fieldList.isEmpty:
      return block(
        open: "(", close: ")",
        children: fieldList.map { ($0.label.map { "\($0): " } ?? "", $0.node) })
    case .array(let elements) where !elements.isEmpty:
      // Source has no positions in its literals.
      return block(
        open: "[", close: "]",
        children: elements.enumerated().map {
          (style == .source ? "" : "[\($0.offset)]: ", $0.element)
        })
    case .set(let elements) where !elements.isEmpty:
      return block(
        open: style == .source ? "[" : "Set([", close: style == .source ? "]" : "])",
        children: elements.map { ("", $0) })
    case .dictionary(let pairs) where !pairs.isEmpty:
      return block(open: "[", close: "]", children: pairs.map { ("\(line($0.key)): ", $0.value) })
    default:
      return [line(node)]
    }
  }

  private func block(open: String, close: String, children: [(String, Node)]) -> [String] {
    var result = [open]
    for (index, (prefix, child)) in children.enumerated() {
      var childLines = lines(child, nested: true)
      childLines[0] = prefix + childLines[0]
      if index < children.count - 1 { childLines[childLines.count - 1] += "," }
      result += childLines.map { "  " + $0 }
    }
    result.append(close)
    return result
  }

  /// One line, shrinking what does not fit within `limit` to a summary, outermost kept.
  func compact(_ node: Node, limit: Int) -> String {
    let full = line(node)
    if full.count <= limit { return full }
    switch node.unwrapped {
    case .enumCase(_, let name, let payload) where !payload.isEmpty:
      let budget = max(12, (limit - name.count - 3) / payload.count)
      let inner = payload.map { field in
        (field.label.map { "\($0): " } ?? "") + compact(field.node, limit: budget)
      }
      return ".\(name)(\(inner.joined(separator: ", ")))"
    default:
      return summary(node)
    }
  }

  /// "1 element", "3 elements".
  static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
  }

  /// A one-line stand-in for a long unchanged value in a diff: `Login.State(…)`. With
  /// `keepingTokens`, a scalar that is not a string is shown whole up to
  /// ``wholeScalarWidth``: cut, it would read as another value.
  func summary(_ node: Node, keepingTokens: Bool = false) -> String {
    // An unchanged value is summed up from a reflection of its own, bounded: a long one shows
    // as its shape and count, which the diff's budget is not spent on.
    if case .unchanged(let box) = node { return summary(box.summary, keepingTokens: keepingTokens) }
    let single = line(node)
    if single.count <= Self.inlineWidth { return single }
    switch node.unwrapped {
    case .enumCase(_, let name, _): return ".\(name)(…)"
    case .structure(let type, _), .expression(let type, _, _, _): return "\(type)(…)"
    case .tuple: return "(…)"
    case .array(let elements): return "[… \(Self.count(elements.count, "element"))]"
    case .set(let elements): return "Set([… \(Self.count(elements.count, "element"))])"
    case .dictionary(let pairs): return "[… \(Self.count(pairs.count, "entry", "entries"))]"
    case .scalar(let text)
    where keepingTokens && !text.hasPrefix("\"") && text.count <= Self.wholeScalarWidth:
      // One token (`UUID(uuidString: "…")!`, a shared copy's reference).
      return text
    case .scalar(let text) where text.hasPrefix("\""):
      // A string keeps its closing quote, and loses no half of an escape.
      var kept = String(text.prefix(Self.inlineWidth - 2))
      let backslashes = kept.reversed().prefix { $0 == "\\" }.count
      if backslashes % 2 == 1 { kept.removeLast() }
      return kept + "…\""
    default: return String(single.prefix(Self.inlineWidth)) + "…"
    }
  }
}

extension Node {
  var isComposite: Bool {
    switch unwrapped {
    case .scalar, .redacted, .elided: false
    case .enumCase(_, _, let payload): !payload.isEmpty
    default: true
    }
  }

  var isEmptyComposite: Bool {
    switch unwrapped {
    case .structure(_, let fields), .expression(_, let fields, _, _), .tuple(let fields):
      fields.isEmpty
    case .array(let elements), .set(let elements): elements.isEmpty
    case .dictionary(let pairs): pairs.isEmpty
    default: false
    }
  }
}

/// The root that statements assign through (`$0`), as references to the copies it holds are
/// written; it notes whether one was, since a statement inside a closure that rebinds `$0`
/// cannot refer to the root.
final class StatementRoot {
  let text: String
  var isReferredTo = false
  /// Whether a statement written through this root, or a root made for part of its statements,
  /// printed a value left out (see ``Node/elided(_:)``): such statements are not suggested.
  let printedLeftOut: Flag

  /// A flag that roots made for parts of one set of statements share.
  final class Flag {
    var isSet = false
  }

  init(_ text: String, sharing flag: Flag = Flag()) {
    self.text = text
    self.printedLeftOut = flag
  }
}
