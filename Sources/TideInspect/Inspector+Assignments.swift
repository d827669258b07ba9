extension Inspector {
  /// Returns the assignments that turn `old` into `new`, one per changed leaf, as Swift
  /// statements on `root`: `$0.isLoading = true`.
  ///
  /// Structs with the same shape are followed property by property, non-nil optionals with
  /// `?.`, arrays of the same length element by element, dictionaries key by key. An array that
  /// kept some elements and gained or lost a few (or fewer than it kept) gets `append(_:)`,
  /// `insert(_:at:)` and `remove(at:)` calls, so a long session's statements stay as short as
  /// its changes.
  /// Anything else is assigned whole, with ``source(_:)``; so is a ``SourceExpressible`` value,
  /// whose fields may have private setters. A copy of a shared value in a value assigned whole
  /// (a screen pushed with the list it shares) that holds what the other copies hold before and
  /// after is spelled through a copy `root` already has, `$0.list.saved`, not made again. A
  /// value longer than 100 characters on one line is written on several, nested two spaces a
  /// level, so a statement may span lines.
  ///
  /// <!-- example: given inspector: Inspector, before: Login.State, after: Login.State -->
  /// ```swift
  /// inspector.assignments(from: before, to: after)
  /// // ["$0.isLoading = true", "$0.alert = nil"]
  /// ```
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  ///   - root: The expression the statements assign through.
  /// - Returns: The statements, in declaration order; empty when nothing changed, or when the
  ///   values are too large to compare whole (past 100,000 values, or 100 levels deep).
  public func assignments(from old: Any, to new: Any, root: String = "$0") -> [String] {
    var reflector = Reflector(redacts: redacts)
    reflector.rebuildsSource = true
    // So that a copy of an element that changed with its collection is not assigned too.
    reflector.comparingSharedCopies(of: old, with: new)
    let (oldNode, newNode) = reflector.pair(old, new)
    // A part left out (the values are too large to look at whole) may hide a change, or hold
    // what a statement would need: no statement rather than a wrong one.
    if oldNode.containsElided || newNode.containsElided { return [] }
    let statementRoot = StatementRoot(root)
    let statements = assignments(oldNode, newNode, path: root, root: statementRoot)
    // An unchanged part is printed only when a statement assigns it whole: printed, it may have
    // been left out too.
    return statementRoot.printedLeftOut.isSet ? [] : statements
  }

  /// What a statement writes for a secret, a value a ``Redacting`` type hides: an editor
  /// placeholder, which does not compile until the value is typed in.
  public static let secretPlaceholder = "<#secret#>"

  /// Returns a closure literal that makes the change from `old` to `new`, ready to paste as a
  /// `TestStore` assertion: `{ $0.isLoading = true }`, or one statement a line. A secret is
  /// ``secretPlaceholder``: `{ $0.password = <#secret#> }`.
  ///
  /// <!-- example: given inspector: Inspector, before: Login.State, after: Login.State -->
  /// ```swift
  /// inspector.closure(from: before, to: after)  // "{ $0.isLoading = true }"
  /// ```
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  ///   - indent: Spaces before each statement line of a multi-line closure.
  /// - Returns: The closure, or `nil` when nothing changed, or when the values are too large
  ///   to compare whole.
  public func closure(from old: Any, to new: Any, indent: Int = 2) -> String? {
    let statements = assignments(from: old, to: new)
    if statements.isEmpty { return nil }
    if statements.count == 1, !statements[0].contains("\n") { return "{ \(statements[0]) }" }
    // A long value is on several lines: each indented under its statement.
    let pad = String(repeating: " ", count: indent)
    let lines = statements.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    return "{\n" + lines.map { pad + $0 }.joined(separator: "\n") + "\n}"
  }

  private func assignments(_ old: Node, _ new: Node, path: String, root: StatementRoot)
    -> [String]
  {
    if old == new { return [] }
    // A secret is a placeholder to fill in: its stand-in would compile and fail again, or not be
    // Swift at all (`••••••` for a number).
    var source = Renderer(
      style: .source, secretPlaceholder: secretPlaceholder ?? Self.secretPlaceholder, root: root)
    source.wrapsLongSource = true
    switch (old, new) {
    case (.some(let old), .some(let new)):
      switch (old.unwrapped, new.unwrapped) {
      case (.structure, .structure):
        return assignments(old, new, path: path + "?", root: root)
      case (.enumCase(let type, let name, _), .enumCase(let newType, let newName, _))
      where type == newType && name == newName:
        // An optional enum (a destination) whose case stayed: through the case's path too,
        // when that is shorter than making the value again.
        let inner = assignments(old, new, path: path + "?", root: root)
        guard inner.count == 1, inner[0].hasPrefix(path + "? = ") else { return inner }
        return ["\(path) = \(source.render(new))"]
      default:
        return ["\(path) = \(source.render(new))"]
      }
    case (.structure(let oldType, let oldFields), .structure(let newType, let newFields))
    where oldType == newType && oldFields.map(\.label) == newFields.map(\.label)
      && oldFields.allSatisfy({ $0.label.map(isIdentifier) ?? false }):
      return zip(oldFields, newFields).flatMap { old, new in
        assignments(old.node, new.node, path: "\(path).\(old.member ?? old.label!)", root: root)
      }
    case (.array(let oldElements), .array(let newElements))
    where oldElements.count == newElements.count
      && zip(oldElements, newElements).filter({ $0 != $1 }).count <= 3
      && !zip(oldElements, newElements).contains(where: Self.changesIdentifier):
      return zip(oldElements, newElements).enumerated().flatMap { index, pair in
        assignments(pair.0, pair.1, path: "\(path)[\(index)]", root: root)
      }
    case (.array(let oldElements), .array(let newElements)):
      if let edits = edits(from: oldElements, to: newElements, path: path, source: source) {
        return edits
      }
      // Reordered: the elements the state holds, in their new order (a position of an
      // identified array keeps its element's identifier, so it is never assigned another).
      if !path.contains("?"), newElements.count <= 12,
        let order = Self.positions(
          of: newElements.map(source.render), in: oldElements.map(source.render))
      {
        return ["\(path) = [\(order.map { "\(path)[\($0)]" }.joined(separator: ", "))]"]
      }
      return ["\(path) = \(source.render(new))"]
    case (
      .enumCase(let type, let name, let oldPayload),
      .enumCase(let newType, let newName, let newPayload)
    )
    where type == newType && name == newName && oldPayload.count == 1 && newPayload.count == 1:
      // A change inside one case's payload: modify the payload through the case's path, naming
      // what changed, rather than making the whole value again (with every identifier in it).
      // The whole value notes its references to the root only if it is the statement chosen.
      var wholeSource = source
      let wholeRoot = StatementRoot(root.text, sharing: root.printedLeftOut)
      wholeSource.root = wholeRoot
      let whole = "\(path) = \(wholeSource.render(new))"
      let payloadRoot = StatementRoot("$0", sharing: root.printedLeftOut)
      let inner = assignments(oldPayload[0].node, newPayload[0].node, path: "$0", root: payloadRoot)
      // An optional enum (a destination) is passed as it is, to the `modify` that takes an
      // optional and does nothing when it is `nil` (`!` trapped, ending the whole test run,
      // when the closure was pasted where the destination was gone).
      let target =
        !path.hasSuffix("?")
        ? path
        : path.dropLast().contains("?.") || path.dropLast().contains("?[")
          ? String(path.dropLast()) + "!" : String(path.dropLast())
      let call = "CasePath(\(type).\(name)).modify(&\(target)) "
      let oneLine = inner.count == 1 ? "{ \(inner[0]) }" : "{ \(inner.joined(separator: "; ")) }"
      // In the closure, `$0` is the payload: a statement that refers to the root stays out.
      // Compared as one line each: the shorter to read, whatever lines it would be wrapped to.
      let wholeLine = "\(path) = \(wholeSource.line(new))"
      if !inner.isEmpty, !inner.contains(where: { $0.hasPrefix("$0 = ") }),
        !payloadRoot.isReferredTo, Self.unwrapped(call + oneLine).count < wholeLine.count
      {
        // Several statements that do not fit on a line go one a line, as a closure's do; so
        // does one whose first line would make this one too long (a `modify` inside).
        let firstLine = inner[0].prefix { $0 != "\n" }
        let fits =
          inner.count == 1
          ? call.count + firstLine.count + 2 <= Renderer.sourceWidth
          : call.count + oneLine.count <= Renderer.sourceWidth
            && !inner.contains(where: { $0.contains("\n") })
        guard !fits else { return [call + oneLine] }
        let lines = inner.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        return [call + "{\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n}"]
      }
      if wholeRoot.isReferredTo { root.isReferredTo = true }
      return [whole]
    case (
      .expression(let oldFunction, let oldArguments, let elements?, let ids),
      .expression(let newFunction, let newArguments, let newElements, let newIDs)
    )
    where oldFunction == newFunction && elements == newElements && ids == newIDs
      && oldArguments.map(\.label) == newArguments.map(\.label):
      // Only the elements changed, and only inside some of them: assign inside those, through
      // the value's position subscript. Elements added or removed are set through their
      // identifiers, when the value has them.
      let whole = "\(path) = \(source.render(new))"
      for (old, new) in zip(oldArguments, newArguments) where old.label != elements {
        if old.label == ids?.label, old.node != new.node, let ids {
          return edits(
            of: (oldArguments, newArguments), elements: elements, ids: ids, path: path,
            source: source) ?? [whole]
        }
        guard old.node == new.node else { return [whole] }
      }
      guard let index = oldArguments.firstIndex(where: { $0.label == elements }),
        case .array(let oldElements) = oldArguments[index].node.unwrapped,
        case .array(let newElements) = newArguments[index].node.unwrapped,
        oldElements.count == newElements.count,
        zip(oldElements, newElements).filter({ $0 != $1 }).count <= 3
      else { return [whole] }
      return zip(oldElements, newElements).enumerated().flatMap { index, pair in
        assignments(pair.0, pair.1, path: "\(path)[\(index)]", root: root)
      }
    case (.dictionary(let oldPairs), .dictionary(let newPairs)):
      let oldByKey = Dictionary(oldPairs.map { (source.render($0.key), $0.value) }) { a, _ in a }
      let newByKey = Dictionary(newPairs.map { (source.render($0.key), $0.value) }) { a, _ in a }
      // Keys that print alike cannot be told apart by a subscript: the dictionary is set whole.
      guard oldByKey.count == oldPairs.count, newByKey.count == newPairs.count else {
        return ["\(path) = \(source.render(new))"]
      }
      return Set(oldByKey.keys).union(newByKey.keys).sorted().flatMap { key -> [String] in
        let entry = "\(path)[\(key)]"
        switch (oldByKey[key], newByKey[key]) {
        case (_, .scalar("nil")?):
          // A value that is an optional's `nil`: `= nil` would remove the key instead.
          return oldByKey[key] == .scalar("nil") ? [] : ["\(entry) = .some(nil)"]
        case (let old?, let new?):
          // The subscript returns an optional: a part of the value is changed through `?`, and
          // a value set whole is assigned to the entry.
          return assignments(old, new, path: entry + "?", root: root).map { statement in
            statement.hasPrefix(entry + "? = ")
              ? entry + String(statement.dropFirst(entry.count + 1)) : statement
          }
        case (_?, nil): return ["\(entry) = nil"]
        case (nil, let new?): return ["\(entry) = \(source.render(new))"]
        case (nil, nil): return []
        }
      }
    case (.scalar(let oldText), .scalar(let newText))
    where oldText.count > Differ.longText && oldText.hasPrefix("\"") && newText.hasPrefix("\"")
      && newText.count > oldText.count && newText.hasPrefix(oldText.dropLast()):
      // A long string that grew at its end (a log, a transcript): what was added, not the
      // whole string again.
      return ["\(path) += \"\(newText.dropFirst(oldText.count - 1))"]
    default:
      return ["\(path) = \(source.render(new))"]
    }
  }

  /// A statement as it would be on one line: a wrapped value's line breaks and indentation
  /// undone (`,` at a line's end becomes `, `). Source has no line break of its own: a string's
  /// is written `\n`.
  static func unwrapped(_ statement: String) -> String {
    guard statement.contains("\n") else { return statement }
    var result = ""
    var skippingIndentation = false
    for character in statement {
      if character == "\n" {
        if result.last == "," { result.append(" ") }
        skippingIndentation = true
      } else if skippingIndentation && character == " " {
        continue
      } else {
        skippingIndentation = false
        result.append(character)
      }
    }
    return result
  }

  /// The insertions or removals that turn `old` into `new` when they differ in one run of
  /// elements that was only inserted or only removed, some elements stay, and the run is at most
  /// 3 elements or no longer than what stays; otherwise `nil`.
  private func edits(from old: [Node], to new: [Node], path: String, source: Renderer)
    -> [String]?
  {
    let (prefix, suffix) = commonEnds(old, new)
    let removed = old.count - prefix - suffix
    let inserted = new.count - prefix - suffix
    let changed = max(removed, inserted)
    let kept = prefix + suffix
    if prefix == 0, suffix == 0, let window = slid(from: old, to: new, path: path, source: source) {
      return window
    }
    guard removed == 0 || inserted == 0, kept > 0, changed <= max(3, kept) else { return nil }
    if inserted > 0 {
      let elements = new[prefix..<(prefix + inserted)]
      if suffix == 0 {
        return elements.map { "\(path).append(\(source.render($0)))" }
      }
      return elements.enumerated().map { offset, element in
        "\(path).insert(\(source.render(element)), at: \(prefix + offset))"
      }
    }
    return Array(repeating: "\(path).remove(at: \(prefix))", count: removed)
  }

  /// A window that slid: the first elements removed and new ones appended (a capped log), as
  /// `remove(at: 0)` and `append` calls; `nil` for any other change, or one of more than 3
  /// elements each way.
  private func slid(from old: [Node], to new: [Node], path: String, source: Renderer)
    -> [String]?
  {
    guard !old.isEmpty else { return nil }
    for dropped in 1...min(3, old.count) {
      let kept = old.count - dropped
      let appended = new.count - kept
      guard kept > 0, (0...3).contains(appended),
        old[dropped...].elementsEqual(new[..<kept])
      else { continue }
      // `remove(at:)`, which an identified array has too.
      return Array(repeating: "\(path).remove(at: 0)", count: dropped)
        + new[kept...].map { "\(path).append(\(source.render($0)))" }
    }
    return nil
  }

  /// The statements that turn a value's elements into the new ones through its `[id:]`
  /// subscript: `nil` for the removed elements, the new elements for the added ones (whose
  /// identifiers must come after every old one), and changes inside the kept ones; `nil` when
  /// the identifiers do not fit, or the changes outnumber what stays and are more than 3.
  private func edits(
    of arguments: (old: [Node.Field], new: [Node.Field]), elements: String, ids: Node.IDs,
    path: String, source: Renderer
  ) -> [String]? {
    func array(_ fields: [Node.Field], _ label: String) -> [Node]? {
      guard case .array(let nodes) = fields.first(where: { $0.label == label })?.node.unwrapped
      else { return nil }
      return nodes
    }
    guard let oldIDs = array(arguments.old, ids.label),
      let newIDs = array(arguments.new, ids.label),
      let oldElements = array(arguments.old, elements),
      let newElements = array(arguments.new, elements),
      oldIDs.count == oldElements.count, newIDs.count == newElements.count
    else { return nil }
    let oldKeys = oldIDs.map { source.render($0) }
    let newKeys = newIDs.map { source.render($0) }
    let kept = oldKeys.filter(Set(newKeys).contains)
    let added = newKeys.dropFirst(kept.count)
    // The kept identifiers first, in their order, then new ones above every old one.
    // An added element must get an identifier the value can still give (`ids.next`, from the
    // old value): a value rebuilt whole, with identifiers counted again, is assigned whole.
    let lowest = max((oldKeys.compactMap { Int($0) }.max() ?? -1) + 1, ids.next)
    guard Array(newKeys.prefix(kept.count)) == kept, oldKeys.allSatisfy({ Int($0) != nil }),
      added.allSatisfy({ key in Int(key).map { $0 >= lowest } ?? false })
    else { return nil }
    var statements: [String] = []
    for key in oldKeys where !kept.contains(key) {
      statements.append("\(path)[id: \(key)] = nil")
    }
    var changedCount = 0
    for (offset, key) in kept.enumerated() {
      let old = oldElements[oldKeys.firstIndex(of: key)!]
      let new = newElements[offset]
      guard old != new else { continue }
      changedCount += 1
      // Through the optional the subscript returns; a screen replaced whole is set.
      let screen = "\(path)[id: \(key)]"
      statements += assignments(
        old, new, path: screen + "?", root: source.root ?? StatementRoot("$0")
      ).map { statement in
        statement.hasPrefix(screen + "? = ")
          ? screen + statement.dropFirst(screen.count + 1) : statement
      }
    }
    for (offset, key) in added.enumerated() {
      statements.append("\(path)[id: \(key)] = \(source.render(newElements[kept.count + offset]))")
    }
    let changes = oldKeys.count - kept.count + changedCount + added.count
    guard changes <= max(3, kept.count) else { return nil }
    return statements
  }

  /// Whether an element at a position is another element than before: its `id` field differs.
  private static func changesIdentifier(_ old: Node, _ new: Node) -> Bool {
    // An element that did not change keeps its identifier: its box is not reflected to say so.
    if old == new { return false }
    func identifier(_ node: Node) -> Node? {
      switch node.unwrapped {
      case .structure(_, let fields), .expression(_, let fields, _, _):
        fields.first { $0.label == "id" }?.node
      default: nil
      }
    }
    guard let before = identifier(old), let after = identifier(new) else { return false }
    return before != after
  }

  /// The position in `old` of each element of `new`, each position once: `nil` unless `new` is
  /// `old` reordered. Compared as source: a node of a field that did not change is a box each
  /// side of a pair shares, which compares equal only within its pair.
  private static func positions(of new: [String], in old: [String]) -> [Int]? {
    var unused = Array(old.indices)
    var order: [Int] = []
    for element in new {
      guard let found = unused.firstIndex(where: { old[$0] == element }) else { return nil }
      order.append(unused.remove(at: found))
    }
    return order
  }

  private func isIdentifier(_ label: String) -> Bool {
    Reflector.isIdentifier(label)
  }
}
