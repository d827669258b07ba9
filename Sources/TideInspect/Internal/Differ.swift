/// Computes a structural −/+ diff of two ``Node`` trees, collapsing what did not change.
struct Differ {
  struct Line: Equatable {
    enum Marker: String {
      case same = " "
      case removed = "−"
      case added = "+"
    }
    let marker: Marker
    let indent: Int
    let text: String
  }

  /// How many unchanged siblings to show on each side of a change.
  static let context = 2
  /// What a value the reflector left out on either side (see ``Node/elided(_:)``) shows as.
  static let notCompared = "\(Reflector.elided) (not compared)"
  private let renderer = Renderer(style: .lines)

  func diff(_ old: Node, _ new: Node) -> [Line] {
    diff(old, new, prefix: "", suffixes: ("", ""), indent: 0)
  }

  /// What follows a value on each side: a comma when more entries follow it on that side.
  private typealias Suffixes = (old: String, new: String)

  private struct Entry {
    let prefix: String
    let old: Node?
    let new: Node?
  }

  private func diff(
    _ old: Node, _ new: Node, prefix: String, suffixes: Suffixes, indent: Int
  ) -> [Line] {
    let suffix = suffixes.new
    if old.isElided || new.isElided {
      // Not looked at: neither a change nor the same.
      return [Line(marker: .same, indent: indent, text: prefix + Self.notCompared + suffix)]
    }
    if old == new {
      return [
        Line(
          marker: .same, indent: indent,
          text: prefix + renderer.summary(old, keepingTokens: true) + suffix)
      ]
    }
    switch (old, new) {
    case (.some(let old), .some(let new)):
      return diff(old, new, prefix: prefix, suffixes: suffixes, indent: indent)
    case (.scalar(let oldText), .scalar(let newText)):
      guard let (oldShort, newShort) = Self.shortened(oldText, newText) else { break }
      return [
        Line(marker: .removed, indent: indent, text: prefix + oldShort + suffixes.old),
        Line(marker: .added, indent: indent, text: prefix + newShort + suffixes.new),
      ]
    case (.structure(let oldType, let oldFields), .structure(let newType, let newFields))
    where oldType == newType && oldFields.map(\.label) == newFields.map(\.label):
      return nested(
        open: "\(oldType)(", close: ")", prefix: prefix, suffix: suffix, indent: indent,
        entries: fieldEntries(oldFields, newFields))
    case (
      .enumCase(let oldType, let oldName, let oldPayload),
      .enumCase(let newType, let newName, let newPayload)
    )
    where oldType == newType && oldName == newName && !oldPayload.isEmpty
      && oldPayload.map(\.label) == newPayload.map(\.label):
      return nested(
        open: ".\(oldName)(", close: ")", prefix: prefix, suffix: suffix, indent: indent,
        entries: fieldEntries(oldPayload, newPayload))
    case (.tuple(let oldFields), .tuple(let newFields))
    where oldFields.map(\.label) == newFields.map(\.label):
      return nested(
        open: "(", close: ")", prefix: prefix, suffix: suffix, indent: indent,
        entries: fieldEntries(oldFields, newFields))
    case (.array(let oldElements), .array(let newElements)):
      return nested(
        open: "[", close: "]", prefix: prefix, suffix: suffix, indent: indent,
        entries: arrayEntries(oldElements, newElements))
    case (.set(let oldElements), .set(let newElements)):
      return nested(
        open: "Set([", close: "])", prefix: prefix, suffix: suffix, indent: indent,
        entries: keyedEntries(
          oldElements.map { ($0, $0) }, newElements.map { ($0, $0) }, prefix: { _ in "" }))
    case (.dictionary(let oldPairs), .dictionary(let newPairs)):
      return nested(
        open: "[", close: "]", prefix: prefix, suffix: suffix, indent: indent,
        entries: keyedEntries(
          oldPairs.map { ($0.key, $0.value) }, newPairs.map { ($0.key, $0.value) },
          prefix: { "\($0): " }))
    default:
      break
    }
    return block(old, marker: .removed, prefix: prefix, suffix: suffixes.old, indent: indent)
      + block(new, marker: .added, prefix: prefix, suffix: suffixes.new, indent: indent)
  }

  private func block(
    _ node: Node, marker: Line.Marker, prefix: String, suffix: String, indent: Int
  ) -> [Line] {
    var lines = renderer.lines(node, nested: true)
    lines[0] = prefix + lines[0]
    lines[lines.count - 1] += suffix
    return lines.map { line in
      let trimmed = line.drop { $0 == " " }
      let depth = (line.count - trimmed.count) / 2
      return Line(marker: marker, indent: indent + depth, text: String(trimmed))
    }
  }

  private func nested(
    open: String, close: String, prefix: String, suffix: String, indent: Int, entries: [Entry]
  ) -> [Line] {
    var result = [Line(marker: .same, indent: indent, text: prefix + open)]
    // Entries the reflector left out are neither changed nor unchanged: a run of them is one
    // line, without context around it.
    let leftOut = entries.map { $0.old?.isElided == true || $0.new?.isElided == true }
    let changed = entries.indices.map { !leftOut[$0] && entries[$0].old != entries[$0].new }
    var shown = [Bool](repeating: false, count: entries.count)
    for (index, isChanged) in changed.enumerated() where isChanged {
      let low = max(0, index - Self.context)
      let high = min(entries.count - 1, index + Self.context)
      for near in low...high { shown[near] = true }
    }
    // Whether a later entry exists on each side, for commas.
    var oldFollows = [Bool](repeating: false, count: entries.count)
    var newFollows = [Bool](repeating: false, count: entries.count)
    var seenOld = false
    var seenNew = false
    for index in entries.indices.reversed() {
      oldFollows[index] = seenOld
      newFollows[index] = seenNew
      seenOld = seenOld || entries[index].old != nil
      seenNew = seenNew || entries[index].new != nil
    }
    var index = 0
    while index < entries.count {
      if leftOut[index] {
        var end = index
        while end < entries.count && leftOut[end] { end += 1 }
        if end - index >= 2 {
          result.append(
            Line(
              marker: .same, indent: indent + 1,
              text: "\(Reflector.elided) (\(end - index) not compared)"))
          index = end
          continue
        }
      }
      if !shown[index] && !leftOut[index] {
        var end = index
        while end < entries.count && !shown[end] && !leftOut[end] { end += 1 }
        let count = end - index
        if count >= 3 {
          result.append(Line(marker: .same, indent: indent + 1, text: "… (\(count) unchanged)"))
          index = end
          continue
        }
      }
      let entry = entries[index]
      let commas = (old: oldFollows[index] ? "," : "", new: newFollows[index] ? "," : "")
      switch (entry.old, entry.new) {
      case (let old?, let new?):
        result += diff(old, new, prefix: entry.prefix, suffixes: commas, indent: indent + 1)
      case (let old?, nil):
        result += block(
          old, marker: .removed, prefix: entry.prefix, suffix: commas.old, indent: indent + 1)
      case (nil, let new?):
        result += block(
          new, marker: .added, prefix: entry.prefix, suffix: commas.new, indent: indent + 1)
      case (nil, nil):
        break
      }
      index += 1
    }
    result.append(Line(marker: .same, indent: indent, text: close + suffix))
    return result
  }

  private func fieldEntries(_ old: [Node.Field], _ new: [Node.Field]) -> [Entry] {
    zip(old, new).map {
      Entry(prefix: $0.label.map { "\($0): " } ?? "", old: $0.node, new: $1.node)
    }
  }

  /// Aligns array elements: a common prefix and suffix stay in place; in between, elements are
  /// paired by the longest common subsequence when that keeps more of them unchanged than
  /// pairing by position does.
  private func arrayEntries(_ old: [Node], _ new: [Node]) -> [Entry] {
    let (start, suffix) = commonEnds(old, new)
    let (oldEnd, newEnd) = (old.count - suffix, new.count - suffix)
    var entries: [Entry] = (0..<start).map {
      Entry(prefix: "[\($0)]: ", old: old[$0], new: new[$0])
    }
    let middleOld = Array(old[start..<oldEnd])
    let middleNew = Array(new[start..<newEnd])
    let pairedByPosition = zip(middleOld, middleNew).filter { $0 == $1 }.count
    let steps = align(middleOld, middleNew)
    let keptByAlignment = steps.filter { if case .same = $0 { true } else { false } }.count
    if middleOld.count == middleNew.count && keptByAlignment <= pairedByPosition {
      for offset in middleOld.indices {
        entries.append(
          Entry(prefix: "[\(start + offset)]: ", old: middleOld[offset], new: middleNew[offset]))
      }
    } else {
      for step in steps {
        switch step {
        case .same(let i, let j):
          entries.append(Entry(prefix: "[\(start + j)]: ", old: middleOld[i], new: middleNew[j]))
        case .removed(let i):
          entries.append(Entry(prefix: "[\(start + i)]: ", old: middleOld[i], new: nil))
        case .added(let j):
          entries.append(Entry(prefix: "[\(start + j)]: ", old: nil, new: middleNew[j]))
        }
      }
    }
    for offset in 0..<(old.count - oldEnd) {
      entries.append(
        Entry(
          prefix: "[\(newEnd + offset)]: ", old: old[oldEnd + offset], new: new[newEnd + offset]))
    }
    return entries
  }

  /// One step of an alignment: an element on both sides, or on one.
  enum Step: Equatable {
    case same(Int, Int)
    case removed(Int)
    case added(Int)
  }

  /// Longest-common-subsequence alignment. Past a size where the table gets slow, the shortest
  /// edit script is searched for by Myers's algorithm, whose cost grows with the number of
  /// elements removed and added rather than with the product of the two lengths (a log that
  /// dropped its first entry and gained one at the end is two edits); past
  /// ``maximumEdits`` of those, everything in the middle is shown as removed then added.
  private func align(_ old: [Node], _ new: [Node]) -> [Step] {
    guard !old.isEmpty, !new.isEmpty else {
      return old.indices.map { .removed($0) } + new.indices.map { .added($0) }
    }
    guard old.count * new.count <= 250_000 else {
      return shortestEdits(old, new)
        ?? old.indices.map { .removed($0) } + new.indices.map { .added($0) }
    }
    let n = old.count
    let m = new.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] =
          old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var steps: [Step] = []
    var i = 0
    var j = 0
    while i < n && j < m {
      if old[i] == new[j] {
        steps.append(.same(i, j))
        i += 1
        j += 1
      } else if table[i + 1][j] >= table[i][j + 1] {
        steps.append(.removed(i))
        i += 1
      } else {
        steps.append(.added(j))
        j += 1
      }
    }
    while i < n {
      steps.append(.removed(i))
      i += 1
    }
    while j < m {
      steps.append(.added(j))
      j += 1
    }
    return steps
  }

  /// How long two printed strings get before a diff shows what they share as counts.
  static let longText = 500

  /// Two long printed strings that differ, with what both hold around the difference shown as
  /// counts, `…(999940 characters the same)…`, and a long difference cut in its middle: appending
  /// a letter to a string of a million made a diff of two million. `nil` for short ones, and for
  /// values that are not strings.
  static func shortened(_ old: String, _ new: String) -> (String, String)? {
    guard old.hasPrefix("\""), new.hasPrefix("\""), max(old.count, new.count) > longText
    else { return nil }
    let (a, b) = (Array(old), Array(new))
    let (shared, sharedEnd) = commonEnds(a, b)
    let (context, edge, middle) = (30, 10, 200)
    func cut(_ text: [Character]) -> String {
      var result = ""
      if shared > edge + context + 20 {
        result += String(text[..<edge]) + "…(\(shared - edge - context) characters the same)…"
        result += String(text[(shared - context)..<shared])
      } else {
        result += String(text[..<shared])
      }
      let changed = text[shared..<(text.count - sharedEnd)]
      if changed.count > middle + 20 {
        result += String(changed.prefix(middle / 2)) + "…(\(changed.count - middle) more)…"
        result += String(changed.suffix(middle / 2))
      } else {
        result += String(changed)
      }
      let end = text.count - sharedEnd
      if sharedEnd > edge + context + 20 {
        result += String(text[end..<(end + context)])
        result += "…(\(sharedEnd - edge - context) characters the same)…"
        result += String(text[(text.count - edge)...])
      } else {
        result += String(text[end...])
      }
      return result
    }
    return (cut(a), cut(b))
  }

  /// The most elements removed and added that ``shortestEdits(_:_:)`` looks for.
  static let maximumEdits = 1_000

  /// The shortest edit script from `old` to `new` (Myers, 1986), or `nil` when it removes and
  /// adds more than ``maximumEdits`` elements. Its cost is the lengths times the edits, and its
  /// memory the edits squared.
  func shortestEdits(_ old: [Node], _ new: [Node]) -> [Step]? {
    let (n, m) = (old.count, new.count)
    let limit = min(n + m, Self.maximumEdits)
    let offset = limit + 1
    // furthest[k + offset]: the furthest `x` reached on diagonal k = x - y.
    var furthest = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    var found = false
    search: for edits in 0...limit {
      trace.append(Array(furthest[(offset - edits)...(offset + edits)]))
      for k in stride(from: -edits, through: edits, by: 2) {
        var x =
          k == -edits || (k != edits && furthest[k - 1 + offset] < furthest[k + 1 + offset])
          ? furthest[k + 1 + offset] : furthest[k - 1 + offset] + 1
        var y = x - k
        while x < n, y < m, old[x] == new[y] {
          x += 1
          y += 1
        }
        furthest[k + offset] = x
        if x >= n, y >= m {
          found = true
          break search
        }
      }
    }
    guard found else { return nil }
    // Back from the end: each round of the search added one edit.
    var steps: [Step] = []
    var (x, y) = (n, m)
    for edits in stride(from: trace.count - 1, through: 0, by: -1) {
      let reached = trace[edits]
      func at(_ k: Int) -> Int { reached[k + edits] }
      let k = x - y
      let previous =
        edits == 0
        ? 0
        : (k == -edits || (k != edits && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
      let startX = edits == 0 ? 0 : at(previous)
      let startY = startX - previous
      while x > startX, y > startY {
        x -= 1
        y -= 1
        steps.append(.same(x, y))
      }
      guard edits > 0 else { break }
      if previous == k + 1 {
        y -= 1
        steps.append(.added(y))
      } else {
        x -= 1
        steps.append(.removed(x))
      }
    }
    return steps.reversed()
  }

  /// Pairs entries by key. A side whose reflection left keys out (a value too large to look at
  /// whole) may hold any key the other side holds alone: such a key is not compared, rather than
  /// shown as removed or added.
  ///
  /// Keys that print alike (a redacted password in two elements of a set, two objects with the
  /// same fields) are one key to the reader but several entries: each is shown. Those equal on
  /// both sides are unchanged; the others are paired in an order that does not depend on the
  /// set's or the dictionary's hash order, so the diff is the same from run to run.
  private func keyedEntries(
    _ old: [(key: Node, rest: Node)], _ new: [(key: Node, rest: Node)],
    prefix: (String) -> String
  ) -> [Entry] {
    func byKey(_ entries: [(key: Node, rest: Node)])
      -> (found: [String: [(key: Node, rest: Node)]], leftOut: Int)
    {
      var found: [String: [(key: Node, rest: Node)]] = [:]
      var leftOut = 0
      for entry in entries {
        if entry.key.isElided {
          leftOut += 1
        } else {
          found[renderer.line(entry.key), default: []].append(entry)
        }
      }
      return (found, leftOut)
    }
    let (oldByKey, oldLeftOut) = byKey(old)
    let (newByKey, newLeftOut) = byKey(new)
    let leftOut = Node.elided(Node.LeftOut())
    let keys = Set(oldByKey.keys).union(newByKey.keys).sorted()
    var entries: [Entry] = []
    for key in keys {
      let (olds, news) = (oldByKey[key] ?? [], newByKey[key] ?? [])
      if (olds.isEmpty && oldLeftOut > 0) || (news.isEmpty && newLeftOut > 0) {
        entries.append(Entry(prefix: prefix(key), old: leftOut, new: leftOut))
        continue
      }
      if olds.count <= 1 && news.count <= 1 {
        entries.append(Entry(prefix: prefix(key), old: olds.first?.rest, new: news.first?.rest))
        continue
      }
      entries += alike(olds, news, prefix: prefix(key))
    }
    entries += Array(
      repeating: Entry(prefix: "", old: leftOut, new: leftOut), count: max(oldLeftOut, newLeftOut))
    return entries
  }

  /// The entries of keys that print alike: the ones on both sides unchanged, then the rest paired
  /// in the order of their full structure (what printing hides included), the extra ones of one
  /// side removed or added.
  private func alike(
    _ olds: [(key: Node, rest: Node)], _ news: [(key: Node, rest: Node)], prefix: String
  ) -> [Entry] {
    // What the entry prints as, and its structure, which holds what printing hides (a secret's
    // fingerprint): an order that does not depend on the hash order.
    func signature(_ entry: (key: Node, rest: Node)) -> String {
      "\(renderer.line(entry.rest))\u{0}\(entry.key)\u{0}\(entry.rest)"
    }
    var unmatchedNew: [String: [(key: Node, rest: Node)]] = [:]
    for entry in news { unmatchedNew[signature(entry), default: []].append(entry) }
    var entries: [Entry] = []
    var gone: [(signature: String, entry: (key: Node, rest: Node))] = []
    for entry in olds {
      let key = signature(entry)
      if unmatchedNew[key]?.isEmpty == false {
        unmatchedNew[key]!.removeLast()
        entries.append(Entry(prefix: prefix, old: entry.rest, new: entry.rest))
      } else {
        gone.append((key, entry))
      }
    }
    let came = unmatchedNew.flatMap { key, entries in entries.map { (key, $0) } }
      .sorted { $0.0 < $1.0 }.map(\.1)
    let left = gone.sorted { $0.signature < $1.signature }.map(\.entry)
    for index in 0..<max(left.count, came.count) {
      let old = index < left.count ? left[index] : nil
      let new = index < came.count ? came[index] : nil
      if let old, let new, old.rest == new.rest {
        // The same value under a key that prints alike but is not: shown as a change.
        entries.append(Entry(prefix: prefix, old: old.rest, new: nil))
        entries.append(Entry(prefix: prefix, old: nil, new: new.rest))
      } else {
        entries.append(Entry(prefix: prefix, old: old?.rest, new: new?.rest))
      }
    }
    return entries
  }
}
