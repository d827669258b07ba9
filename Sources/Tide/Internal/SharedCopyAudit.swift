import TideInspect

/// Finds, by reflection, the ``Shared`` copies a state holds that no operator can keep equal:
/// a copy held by a state that is not `SharedState`, or that does not list it in its
/// `sharedFields` (a shared value's own type too, for the copies inside it). Such a copy never
/// takes the others' changes, and nothing else would say so: a `TestStore` checks each state it
/// sees with it.
package enum SharedCopyAudit {
  /// How many values one audit visits at most: a larger state is checked in part.
  static let maximumValues = 20_000

  /// The copies one value holds in its fields (or in collections, optionals and enums in its
  /// fields), found by reflection.
  struct Holder {
    /// Where it is, from the state: `editor`.
    var path: String
    var value: Any
    /// The paths and keys of the copies it holds, with the key of the copy whose value holds
    /// them, for copies inside a shared value.
    var copies: [(path: String, key: String, enclosingKey: String?)]
  }

  /// What is wrong, with the keys of the copies named, or `nil` when every copy found is listed
  /// by the state that holds it.
  package static func problem(in state: Any) -> (message: String, keys: Set<String>)? {
    var lines: [String] = []
    var keys: Set<String> = []
    for holder in holders(in: state) {
      let listed = listedCount(holder.value)
      guard listed.map({ $0 < holder.copies.count }) ?? true else { continue }
      let type = Inspector.typeName(Swift.type(of: holder.value))
      let why =
        listed == nil
        ? "\(type) is not SharedState"
        : "\(type) holds \(holder.copies.count) and lists \(listed!) in sharedFields"
      for copy in holder.copies {
        keys.insert(copy.key)
        let inside = copy.enclosingKey.map { "inside the shared value \(Inspector().line($0)), " }
        lines.append(
          "  \(copy.path): Shared(key: \(Inspector().line(copy.key))), \(inside ?? "")\(why)")
      }
    }
    guard !lines.isEmpty else { return nil }
    let shown = lines.prefix(10) + (lines.count > 10 ? ["  … and \(lines.count - 10) more"] : [])
    let message = """
      The state holds shared copies that are not kept in step with the others.

      \(shown.joined(separator: "\n"))

      A copy takes the others' changes, and they its, only when the state that holds it conforms \
      to SharedState and lists the field in sharedFields: static let sharedFields: \
      [SharedField<Self>] = [.field(\\.name)].
      """
    return (message, keys)
  }

  /// What is wrong when copies of one key (or of one element) hold different values at the end
  /// of a step, or `nil` when they agree. Copies the operators reach hold one value once a step
  /// ends, so a copy with another value that the step changed, or that is newer than them, was
  /// changed where no operator reached it (a child's reducer run by hand, in a closure). A copy
  /// the step did not change, older than them, was kept from before (an undo history), and takes
  /// their value when put back; copies of one key with two types are reported elsewhere, and a
  /// copy of an element its collection no longer holds is not compared.
  ///
  /// - Parameters:
  ///   - state: The state at the end of a step.
  ///   - before: The state before it: a copy at the same place with another value there was
  ///     changed by the step.
  ///   - reached: The copies the reducer's operators reach in `state`: asked for only when the
  ///     state holds a copy.
  ///   - skipping: Keys not to compare (already reported).
  /// - Returns: The report, with the keys it names.
  package static func disagreement(
    in state: Any, before: Any, reached: () -> ReachedSharedCopies, skipping: Set<String> = []
  ) -> (message: String, keys: Set<String>)? {
    let groups = copiesByKey(in: state)
    guard !groups.order.isEmpty else { return nil }
    let reached = reached()
    var beforeByPath: [String: any SharedCopyValue]?
    /// Whether the step changed the copy at `path`: another value there before.
    func changedInStep(_ path: String, _ copy: any SharedCopyValue) -> Bool {
      if beforeByPath == nil {
        beforeByPath = [:]
        for (_, copies) in copiesByKey(in: before).groups {
          for (path, copy) in copies { beforeByPath![path] = copy }
        }
      }
      guard let old = beforeByPath![path] else { return false }
      return copy.hasSameType(as: old) && !copy.holdsSameValue(as: old)
    }
    var lines: [String] = []
    var keys: Set<String> = []
    for key in groups.order where !skipping.contains(key.key) {
      let copies = groups.groups[key]!
      var shown: [(path: String, copy: any SharedCopyValue)]
      if let value = reached.value(of: key) {
        // Against the value the reached copies hold: only a copy the step changed, or one
        // newer than them, holds a change no operator gave the others.
        let apart = copies.filter { path, copy in
          copy.hasSameType(of: value) && !copy.holds(value)
            && (reached.isNewer(copy.sharedRank, thanReachedOf: key) || changedInStep(path, copy))
        }
        guard !apart.isEmpty else { continue }
        shown = Array(copies.filter { $0.copy.holds(value) }.prefix(1)) + apart
      } else {
        let first = copies[0].copy
        let disagree = copies.dropFirst().contains {
          first.hasSameType(as: $0.copy) && !first.holdsSameValue(as: $0.copy)
        }
        shown = copies
        let wholeKey = SharedCopies.ElementKey.wholeValue(of: key.key)
        if first.isElementCopy, let whole = groups.groups[wholeKey]?.first,
          copies.contains(where: { $0.copy.agreesAsElement(with: whole.copy) == false })
        {
          shown.insert(whole, at: 0)
        } else if !disagree {
          continue
        }
      }
      keys.insert(key.key)
      for (path, copy) in shown {
        let value = Inspector().line(copy.sharedValue)
        let place = path.isEmpty ? "the state" : path
        lines.append(
          "  \(place): \(value.count > 120 ? value.prefix(119) + "…" : Substring(value))")
      }
    }
    guard !lines.isEmpty else { return nil }
    let shown = lines.prefix(10) + (lines.count > 10 ? ["  … and \(lines.count - 10) more"] : [])
    let message = """
      The state holds copies of a shared value that disagree at the end of the step.

      \(shown.joined(separator: "\n"))

      Copies are kept equal by pullback, ifLet, forEach and combine, and by the store after each \
      step: a copy changed where none of them reaches (in a child whose reducer runs by hand, in \
      a closure) changes alone. Compose that child with one of them.
      """
    return (message, keys)
  }

  /// The copies in `state`, inside shared values too, by key (and element), with their paths;
  /// the keys in the order their first copies were found.
  private static func copiesByKey(
    in state: Any
  ) -> (
    groups: [SharedCopies.ElementKey: [(path: String, copy: any SharedCopyValue)]],
    order: [SharedCopies.ElementKey]
  ) {
    var groups: [SharedCopies.ElementKey: [(path: String, copy: any SharedCopyValue)]] = [:]
    var order: [SharedCopies.ElementKey] = []
    SharedCopyFinder.visit(
      state, maximumValues: maximumValues, tracksPaths: true, searchesInsideCopies: true
    ) { found in
      guard let copy = found.copy as? any SharedCopyValue else { return }
      let key = copy.sharedElementKey
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append((found.path, copy))
    }
    return (groups, order)
  }

  /// How many copies `value` lists in its `sharedFields`; `nil` when it is not `SharedState`.
  static func listedCount(_ value: Any) -> Int? {
    guard let type = Swift.type(of: value) as? any SharedState.Type else { return nil }
    func count<S: SharedState>(_: S.Type) -> Int {
      guard let state = value as? S else { return 0 }
      var copies = SharedCopies()
      for field in S.sharedFields { field.collect(state, &copies) }
      return copies.noted
    }
    return count(type)
  }

  /// The values in `root` that hold copies, with the copies, by reflection: the holder of a
  /// copy is the nearest struct above it, inside a shared value's value too (which keeps the
  /// copies its type lists in step).
  static func holders(in root: Any) -> [Holder] {
    var holders: [Holder] = []
    var indexOfHolder: [String: Int] = [:]
    SharedCopyFinder.visit(
      root, maximumValues: maximumValues, tracksPaths: true, searchesInsideCopies: true
    ) { found in
      guard let holder = found.holder else { return }
      let copy = (found.path, found.copy.sharedKey, found.enclosingKey)
      if let index = indexOfHolder[holder.path] {
        holders[index].copies.append(copy)
      } else {
        indexOfHolder[holder.path] = holders.count
        holders.append(Holder(path: holder.path, value: holder.value, copies: [copy]))
      }
    }
    return holders
  }
}
