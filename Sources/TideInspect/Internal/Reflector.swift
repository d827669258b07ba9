import Foundation

/// Builds ``Node`` trees from values with `Mirror`.
///
/// Reflection is total: an object met again inside itself becomes a back-reference marker
/// instead of an endless descent, and values nested deeper than ``maximumDepth`` print as `…`,
/// so that no value, however cyclic or deep, can exhaust the stack of the printer, the renderer
/// or the differ (all of which recurse over the tree this builds).
struct Reflector {
  var redacts: Bool
  /// Whether a hidden string or integer is printed as a stand-in of the same shape instead of
  /// dots (see ``Inspector/standsInForSecrets``).
  var standsInForSecrets = false
  /// Whether values are reflected to be printed as Swift that rebuilds them: a
  /// `SourceExpressible` value becomes the call its type gives.
  var rebuildsSource = false
  /// Whether a shared copy's value is labelled by its rank (see
  /// ``Inspector/labelsSharedCopiesByRank``).
  var labelsSharedCopiesByRank = false
  /// How deep this reflector sits in the value being reflected.
  private var depth = 0
  /// The objects being reflected around this point, outermost first.
  private var ancestors: [ObjectIdentifier] = []
  /// How many more values one reflection may visit, shared by every copy of this reflector: an
  /// object graph without cycles can still have exponentially many paths (every object pointing
  /// at every other), and each path is printed.
  private var budget = Budget()
  /// The keys of the shared values whose change a diff has shown, shared by every copy of this
  /// reflector.
  private let shownSharedChanges = SharedKeys()

  /// How many levels of nesting are reflected; deeper values print as ``elided``.
  static let maximumDepth = 100
  /// How many values one reflection visits before the rest print as ``elided``.
  static let maximumValues = 100_000
  /// What a value nested deeper than ``maximumDepth``, or past ``maximumValues``, prints as.
  static let elided = "…"

  /// How many values the summary of an unchanged part of a diff visits.
  static let summaryValues = 1_000

  private final class Budget {
    var remaining: Int

    init(_ remaining: Int = Reflector.maximumValues) {
      self.remaining = remaining
    }
  }

  /// This reflector with a budget of `values` of its own.
  func withBudget(_ values: Int) -> Reflector {
    var copy = self
    copy.budget = Budget(values)
    return copy
  }

  private final class SharedKeys {
    /// The new value of the first changed copy of each key.
    var shown: [String: Any] = [:]
    /// The two values a diff compares, when it compares whole states: what tells whether a
    /// copy inserted or removed holds the value every copy held before and after.
    var roots: (old: Any, new: Any)?
    /// The first copy of each key in the new root, and the keys whose copies hold one value in
    /// both roots, with that value: found the first time a diff needs them.
    var found: (new: [String: Any], unchanged: [String: Any])?
    /// Where the old root holds the first copy of each key (and of each element) through
    /// stored properties alone, with that copy, kept only where the new root holds an equal
    /// copy: found the first time a suggestion needs it.
    var storedPaths: [String: (path: String, copy: any InspectedSharedCopy)]?
  }

  /// What a changed copy of a shared value prints as once another copy showed the change; a
  /// copy of an element, when the collection holds the element as it does.
  static func sharedReference(_ copy: any InspectedSharedCopy, toCollection: Bool) -> String {
    "\(copy.sharedSpelling), " + (toCollection ? "changed with its collection" : "changed as above")
  }

  /// What a copy of a shared value that a diff inserts or removes prints as when it holds the
  /// value the other copies held before and after the change.
  static func unchangedSharedReference(_ copy: any InspectedSharedCopy) -> String {
    "\(copy.sharedSpelling), unchanged"
  }

  /// How Swift that rebuilds a state spells a copy of a shared value that holds the value the
  /// state's other copies hold before and after the change: through a copy the state already
  /// has (`$0.list.saved`, or `$0.list.saved.element(id: 3)!` for an element), rather than the
  /// whole value again; `nil` when no copy of its key is reached through stored properties.
  ///
  /// The copy referred to holds an equal value before and after the change, so the reference
  /// reads the same value wherever the statements put it. Labels are stored properties as
  /// `Mirror` lists them, whatever their access or declared type: a state whose copy is
  /// `private`, or sits in a field declared as an existential (`any P`), gets a reference a
  /// test cannot compile, as a change to such a field gets an assignment.
  private func storedReference(to copy: any InspectedSharedCopy) -> Node? {
    let paths = storedPathsOfCopies()
    if let (path, found) = paths[copy.sharedIdentity], isEqual(found, copy) {
      return .rootReference(path)
    }
    if let id = copy.sharedElementID, let (path, collection) = paths[copy.sharedKey],
      collection.sharedElementID == nil, copy.isElement(of: collection)
    {
      return .rootReference("\(path).element(id: \(id))!")
    }
    return nil
  }

  /// The first copy of each key, and of each element, that the old root holds through stored
  /// properties of structs alone (a path Swift can spell from the root), with its path: only
  /// where the new root holds an equal copy at the same path.
  private func storedPathsOfCopies() -> [String: (path: String, copy: any InspectedSharedCopy)] {
    if let known = shownSharedChanges.storedPaths { return known }
    var paths: [String: (path: String, copy: any InspectedSharedCopy)] = [:]
    if let (old, new) = shownSharedChanges.roots {
      let newCopies = Dictionary(
        Self.storedCopies(in: new).map { ($0.path, $0.copy) },
        uniquingKeysWith: { first, _ in first })
      for (path, copy) in Self.storedCopies(in: old)
      where paths[copy.sharedIdentity] == nil && newCopies[path].map({ isEqual($0, copy) }) == true
      {
        paths[copy.sharedIdentity] = (path, copy)
      }
    }
    shownSharedChanges.storedPaths = paths
    return paths
  }

  /// The copies `root` holds through stored properties of structs alone, in field order, with
  /// their paths (`.list.saved`); searched within 20,000 values.
  private static func storedCopies(in root: Any) -> [(path: String, copy: any InspectedSharedCopy)]
  {
    var found: [(path: String, copy: any InspectedSharedCopy)] = []
    SharedCopyFinder.visit(
      root, maximumValues: 20_000, tracksPaths: true, storedPropertiesOnly: true
    ) { copy in
      if !copy.path.isEmpty { found.append(("." + copy.path, copy.copy)) }
    }
    return found
  }

  /// Whether a property's label can be written after a dot in Swift.
  static func isIdentifier(_ label: String) -> Bool {
    guard let first = label.first, first.isLetter || first == "_" else { return false }
    return label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  /// Makes the diffs of this reflector print a copy of a shared value that a change inserts
  /// (a screen presented with its copy) or removes, and that holds the value the state's other
  /// copies hold before and after the change, as a reference rather than whole: the value did
  /// not change, and a list saved by the user would otherwise print in full each time a screen
  /// that shares it comes or goes.
  func comparingSharedCopies(of old: Any, with new: Any) {
    shownSharedChanges.roots = (old, new)
  }

  /// The copies the diff's roots hold, when it compares whole states.
  private func sharedCopies() -> (new: [String: Any], unchanged: [String: Any])? {
    guard let roots = shownSharedChanges.roots else { return nil }
    if let found = shownSharedChanges.found { return found }
    let old = SharedCopyFinder.copies(in: roots.old)
    let new = SharedCopyFinder.copies(in: roots.new)
    let unchanged = old.filter { key, value in new[key].map { isEqual(value, $0) } ?? false }
    shownSharedChanges.found = (new, unchanged)
    return (new, unchanged)
  }

  /// Whether `copy` holds the value the copies of its key hold in both roots: for a copy of an
  /// element, the element as an unchanged collection holds it.
  private func holdsUnchangedValue(_ copy: any InspectedSharedCopy) -> Bool {
    guard let unchanged = sharedCopies()?.unchanged else { return false }
    if copy.sharedElementID != nil, let collection = unchanged[copy.sharedKey] {
      return copy.isElement(of: collection)
    }
    return unchanged[copy.sharedIdentity].map { isEqual($0, copy) } ?? false
  }

  init(redacts: Bool) {
    self.redacts = redacts
  }

  /// The reflector for the values inside `value`.
  private func descending(into value: Any, isObject: Bool) -> Reflector {
    var inner = self
    inner.depth += 1
    if isObject { inner.ancestors.append(ObjectIdentifier(value as AnyObject)) }
    return inner
  }

  /// What an object already being reflected further out prints as.
  static func backReference(to value: Any) -> String {
    "<back-reference to \(TypeName.of(value))>"
  }

  func node(_ value: Any, redacted: Bool = false) -> Node {
    if depth >= Self.maximumDepth || budget.remaining <= 0 { return .elided(Node.LeftOut()) }
    budget.remaining -= 1
    if redacted && redacts, standsInForSecrets, let standIn = Self.standIn(for: value) {
      return .scalar(standIn)
    }
    if redacted && redacts {
      var plain = self
      plain.redacts = false
      return .redacted(
        isString: value is String || value is Substring || value is Character,
        fingerprint: Renderer(style: .line).render(plain.node(value)))
    }
    if rebuildsSource, let expressible = value as? any SourceExpressible {
      let expression = expressible.sourceExpression
      let hidden = redacts ? (type(of: value) as? any Redacting.Type)?.redactedLabels ?? [] : []
      let inner = descending(into: value, isObject: false)
      return .expression(
        function: expression.function,
        arguments: expression.arguments.map { argument in
          Node.Field(
            label: argument.label.isEmpty ? nil : argument.label,
            node: inner.node(argument.value, redacted: hidden.contains(argument.label)))
        }, elements: expression.elements, ids: expression.identifiers)
    }
    if let custom = value as? any CustomInspectable {
      // Checked here, not for every value: only a custom value can stand for a secret.
      if let secret = custom as? InspectedSecret { return node(secret.value, redacted: true) }
      return descending(into: value, isObject: false).node(custom.inspectionValue)
    }
    if let scalar = scalar(value) { return .scalar(scalar) }

    // An object is recognized by its type, not its mirror: a custom mirror may call it a struct.
    let isObject = type(of: value) is AnyClass
    if isObject, ancestors.contains(ObjectIdentifier(value as AnyObject)) {
      return .scalar(Self.backReference(to: value))
    }
    let mirror = Mirror(reflecting: value)
    let inner = descending(into: value, isObject: isObject)
    let hidden = redacts ? (type(of: value) as? any Redacting.Type)?.redactedLabels ?? [] : []
    switch mirror.displayStyle {
    case .optional:
      guard let child = mirror.children.first else { return .scalar("nil") }
      return .some(inner.node(child.value))
    case .enum:
      let typeName = TypeName.of(value)
      guard let child = mirror.children.first, let name = child.label else {
        return .enumCase(type: typeName, name: enumCaseName(value) ?? "\(value)", payload: [])
      }
      let hide = hidden.contains(name)
      let payload = Mirror(reflecting: child.value)
      if payload.displayStyle == .tuple {
        return .enumCase(
          type: typeName, name: name,
          payload: payload.children.map {
            Node.Field(label: tupleLabel($0.label), node: inner.node($0.value, redacted: hide))
          })
      }
      return .enumCase(
        type: typeName, name: name,
        payload: [Node.Field(label: nil, node: inner.node(child.value, redacted: hide))])
    case .struct, .class:
      // Cast once: a conformance check for every struct printed.
      let copy = value as? any InspectedSharedCopy
      if let copy, holdsUnchangedValue(copy) {
        if !rebuildsSource { return .scalar(Self.unchangedSharedReference(copy)) }
        if let reference = storedReference(to: copy) { return reference }
      }
      var fields: [Node.Field] = []
      var current: Mirror? = mirror
      var mirrors: [Mirror] = []
      while let each = current {
        mirrors.insert(each, at: 0)
        current = each.superclassMirror
      }
      let member = copy?.sharedValueMember
      for each in mirrors {
        for child in each.children.map(Self.unwrappingPropertyWrapper) {
          var label = child.label ?? "_"
          if labelsSharedCopiesByRank, let copy, label != "key" { label = copy.sharedRankLabel }
          // A custom mirror's unlabelled child prints as an unlabelled argument, `Box(42)`.
          fields.append(
            Node.Field(
              label: child.label == nil ? nil : label,
              node: inner.node(child.value, redacted: hidden.contains(label)),
              member: member?.label == label ? member?.property : nil))
        }
      }
      return .structure(type: TypeName.of(value), fields: fields)
    case .tuple:
      return .tuple(
        mirror.children.map { Node.Field(label: tupleLabel($0.label), node: inner.node($0.value)) })
    case .collection:
      return .array(mirror.children.map { inner.node($0.value) })
    case .set:
      return .set(sortedByRendering(mirror.children.map { inner.node($0.value) }))
    case .dictionary:
      let pairs = mirror.children.compactMap { child -> Node.Pair? in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { return nil }
        return Node.Pair(key: inner.node(pair[0]), value: inner.node(pair[1]))
      }
      let line = Renderer(style: .line)
      return .dictionary(
        pairs.map { (line.render($0.key), $0) }.sorted { $0.0 < $1.0 }.map(\.1))
    default:
      // A type's own text, made safe as any text from outside is, and kept on one line.
      let text = TerminalText.printable(String(describing: value))
      return .scalar(text.replacing("\n", with: "\\n").replacing("\t", with: "\\t"))
    }
  }

  /// A property wrapper's storage, `_count` holding a wrapper whose `wrappedValue` is stored, as
  /// the property it wraps: `count` and its value, which the type's memberwise initialiser and
  /// its users name (`$0._count.wrappedValue = 5` did not compile outside the type's file).
  static func unwrappingPropertyWrapper(_ child: Mirror.Child) -> Mirror.Child {
    guard let label = child.label, label.hasPrefix("_"), label.count > 1,
      let wrapped = Mirror(reflecting: child.value).children.first(where: {
        $0.label == "wrappedValue"
      })
    else { return child }
    return (String(label.dropFirst()), wrapped.value)
  }

  /// Reflects two values for a diff. Wherever a pair of values is `Equatable` and equal, both
  /// sides get one shared ``Node/Unchanged`` box that is only reflected if it is printed, so a
  /// diff of large values costs what changed rather than what they hold.
  func pair(_ old: Any, _ new: Any, redacted: Bool = false) -> (Node, Node) {
    if depth >= Self.maximumDepth {
      return (.elided(Node.LeftOut()), .elided(Node.LeftOut()))
    }
    // Equal values cost one box whatever the budget left: a large state's unchanged parts past
    // the budget are known unchanged, not left out.
    if !(redacted && redacts), isEqual(old, new) {
      let box = Node.Unchanged(old, reflector: self)
      return (.unchanged(box), .unchanged(box))
    }
    if budget.remaining <= 0 { return (.elided(Node.LeftOut()), .elided(Node.LeftOut())) }
    // Pairing spends the budget as reflecting does: a graph of objects with many paths to each
    // is bounded by it, not only by depth.
    budget.remaining -= 1
    if redacted && redacts { return (node(old, redacted: true), node(new, redacted: true)) }
    if let paired = pairedWhole(old, new) { return paired }
    if old is any CustomInspectable || new is any CustomInspectable || scalar(old) != nil
      || (rebuildsSource && (old is any SourceExpressible || new is any SourceExpressible))
    {
      return (node(old), node(new))
    }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    guard type(of: old) == type(of: new), oldMirror.displayStyle == newMirror.displayStyle else {
      return (node(old), node(new))
    }
    let inner = descending(into: old, isObject: false)
    switch oldMirror.displayStyle {
    case .struct:
      // Checked only for structs that changed: the copies of a shared value change together.
      // A later copy that changed to the same value as the first is not shown again: printed,
      // it points to the first; as source, it is the same on both sides, so no statement
      // assigns it, and a value assigned whole spells it as it is now. A copy that changed to
      // another value is shown, so copies that drifted apart never look alike. A copy of one
      // element of a shared collection points to the collection when the collection's first
      // copy in the new state holds the element as it does (that copy, changed, is shown,
      // before or after it), or to the first copy of the element shown.
      if let copy = old as? any InspectedSharedCopy {
        let collection =
          copy.sharedElementID == nil
          ? nil : sharedCopies()?.new[copy.sharedKey] ?? shownSharedChanges.shown[copy.sharedKey]
        // A copy given another element is a new value: in source, assigned whole (a reference
        // to the state's copy, or the copy made again), never field by field.
        let newCopy = new as? any InspectedSharedCopy
        if let newCopy, newCopy.sharedElementID != copy.sharedElementID {
          let now = node(new)
          guard rebuildsSource, case .structure(let type, let fields) = now else {
            return (node(old), now)
          }
          return (
            node(old), .expression(function: type, arguments: fields, elements: nil, ids: nil)
          )
        }
        let showsElement = collection.map { collection in
          newCopy?.isElement(of: collection) == true
        }
        let first = shownSharedChanges.shown[copy.sharedIdentity]
        if showsElement == true || first.map({ isEqual($0, new) }) == true {
          if rebuildsSource {
            let now = node(new)
            return (now, now)
          }
          let reference = Node.scalar(
            Self.sharedReference(copy, toCollection: showsElement == true))
          return (reference, reference)
        }
        if first == nil { shownSharedChanges.shown[copy.sharedIdentity] = new }
      }
      let hidden = redacts ? (type(of: old) as? any Redacting.Type)?.redactedLabels ?? [] : []
      var oldFields: [Node.Field] = []
      var newFields: [Node.Field] = []
      let member = (old as? any InspectedSharedCopy)?.sharedValueMember
      for (oldChild, newChild) in zip(
        oldMirror.children.map(Self.unwrappingPropertyWrapper),
        newMirror.children.map(Self.unwrappingPropertyWrapper))
      {
        let label = oldChild.label ?? "_"
        let (oldNode, newNode) = inner.pair(
          oldChild.value, newChild.value, redacted: hidden.contains(label))
        let property = member?.label == label ? member?.property : nil
        oldFields.append(Node.Field(label: label, node: oldNode, member: property))
        newFields.append(Node.Field(label: label, node: newNode, member: property))
      }
      let typeName = TypeName.of(old)
      return (
        .structure(type: typeName, fields: oldFields), .structure(type: typeName, fields: newFields)
      )
    case .optional:
      guard let oldChild = oldMirror.children.first, let newChild = newMirror.children.first else {
        return (node(old), node(new))
      }
      let (oldNode, newNode) = inner.pair(oldChild.value, newChild.value)
      return (.some(oldNode), .some(newNode))
    case .enum:
      // The same case on both sides: its payload is compared value by value, as a struct's
      // fields are, so a change deep inside (a shared copy in a screen of an enum path) shows
      // as that change.
      // Same case and same payload type (an existential payload may hold different ones).
      guard let oldChild = oldMirror.children.first, let newChild = newMirror.children.first,
        let name = oldChild.label, name == newChild.label,
        type(of: oldChild.value) == type(of: newChild.value)
      else { return (node(old), node(new)) }
      let hide =
        redacts && ((type(of: old) as? any Redacting.Type)?.redactedLabels ?? []).contains(name)
      let typeName = TypeName.of(old)
      let oldPayload = Mirror(reflecting: oldChild.value)
      let newPayload = Mirror(reflecting: newChild.value)
      guard oldPayload.displayStyle == .tuple, newPayload.displayStyle == .tuple else {
        let (oldNode, newNode) = inner.pair(oldChild.value, newChild.value, redacted: hide)
        return (
          .enumCase(type: typeName, name: name, payload: [Node.Field(label: nil, node: oldNode)]),
          .enumCase(type: typeName, name: name, payload: [Node.Field(label: nil, node: newNode)])
        )
      }
      var oldFields: [Node.Field] = []
      var newFields: [Node.Field] = []
      for (oldValue, newValue) in zip(oldPayload.children, newPayload.children) {
        let (oldNode, newNode) = inner.pair(oldValue.value, newValue.value, redacted: hide)
        oldFields.append(Node.Field(label: tupleLabel(oldValue.label), node: oldNode))
        newFields.append(Node.Field(label: tupleLabel(newValue.label), node: newNode))
      }
      return (
        .enumCase(type: typeName, name: name, payload: oldFields),
        .enumCase(type: typeName, name: name, payload: newFields)
      )
    case .dictionary:
      // Paired by key: an entry whose value stayed costs one box and its key's reflection
      // (every entry is visited, through the mirror).
      guard let oldEntries = Self.entriesByKey(oldMirror),
        let newEntries = Self.entriesByKey(newMirror)
      else { return (node(old), node(new)) }
      var oldPairs: [Node.Pair] = []
      var newPairs: [Node.Pair] = []
      // What changed is reflected first, so that a budget spent on a large dictionary's keys
      // leaves out unchanged entries, never a change (which ones it reached depended on the
      // hash order, so a change showed in one run and not in the next).
      var unchanged: [(key: Any, value: Any)] = []
      for (key, entry) in oldEntries {
        if let newEntry = newEntries[key] {
          if isEqual(entry.value, newEntry.value) {
            unchanged.append((entry.key, entry.value))
            continue
          }
          // The key is reflected once for both sides: it is what the entries are sorted and
          // paired by, past the budget too (a key left out is not compared).
          let keyNode = inner.node(entry.key)
          let (oldValue, newValue) = inner.pair(entry.value, newEntry.value)
          oldPairs.append(Node.Pair(key: keyNode, value: oldValue))
          newPairs.append(Node.Pair(key: keyNode, value: newValue))
        } else {
          oldPairs.append(Node.Pair(key: inner.node(entry.key), value: inner.node(entry.value)))
        }
      }
      for (key, entry) in newEntries where oldEntries[key] == nil {
        newPairs.append(Node.Pair(key: inner.node(entry.key), value: inner.node(entry.value)))
      }
      for entry in unchanged {
        let keyNode = inner.node(entry.key)
        // Known equal: one box for both sides, as `pair` gives, without comparing again.
        let value: Node =
          inner.depth >= Self.maximumDepth
          ? .elided(Node.LeftOut()) : .unchanged(Node.Unchanged(entry.value, reflector: inner))
        oldPairs.append(Node.Pair(key: keyNode, value: value))
        newPairs.append(Node.Pair(key: keyNode, value: value))
      }
      let line = Renderer(style: .line)
      func sorted(_ pairs: [Node.Pair]) -> [Node.Pair] {
        pairs.map { (line.render($0.key), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
      }
      return (.dictionary(sorted(oldPairs)), .dictionary(sorted(newPairs)))
    case .tuple:
      guard oldMirror.children.count == newMirror.children.count else {
        return (node(old), node(new))
      }
      var oldFields: [Node.Field] = []
      var newFields: [Node.Field] = []
      for (oldValue, newValue) in zip(oldMirror.children, newMirror.children) {
        let (oldNode, newNode) = inner.pair(oldValue.value, newValue.value)
        oldFields.append(Node.Field(label: tupleLabel(oldValue.label), node: oldNode))
        newFields.append(Node.Field(label: tupleLabel(newValue.label), node: newNode))
      }
      return (.tuple(oldFields), .tuple(newFields))
    case .collection:
      let oldElements = oldMirror.children.map(\.value)
      let newElements = newMirror.children.map(\.value)
      var start = 0
      while start < oldElements.count && start < newElements.count
        && isEqual(oldElements[start], newElements[start])
      {
        start += 1
      }
      var oldEnd = oldElements.count
      var newEnd = newElements.count
      while oldEnd > start && newEnd > start
        && isEqual(oldElements[oldEnd - 1], newElements[newEnd - 1])
      {
        oldEnd -= 1
        newEnd -= 1
      }
      var oldNodes: [Node] = []
      var newNodes: [Node] = []
      for index in 0..<start {
        let box = Node.Unchanged(oldElements[index], reflector: inner)
        oldNodes.append(.unchanged(box))
        newNodes.append(.unchanged(box))
      }
      if oldEnd - start == newEnd - start {
        for offset in 0..<(oldEnd - start) {
          let (oldNode, newNode) = inner.pair(
            oldElements[start + offset], newElements[start + offset])
          oldNodes.append(oldNode)
          newNodes.append(newNode)
        }
      } else {
        oldNodes += oldElements[start..<oldEnd].map { inner.node($0) }
        newNodes += newElements[start..<newEnd].map { inner.node($0) }
      }
      for offset in 0..<(oldElements.count - oldEnd) {
        let box = Node.Unchanged(oldElements[oldEnd + offset], reflector: inner)
        oldNodes.append(.unchanged(box))
        newNodes.append(.unchanged(box))
      }
      return (.array(oldNodes), .array(newNodes))
    default:
      return (node(old), node(new))
    }
  }

  /// A dictionary's entries by key, or `nil` when its mirror does not give key-value pairs.
  private static func entriesByKey(_ mirror: Mirror) -> [AnyHashable: (key: Any, value: Any)]? {
    var entries: [AnyHashable: (key: Any, value: Any)] = [:]
    for child in mirror.children {
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2, let key = pair[0] as? AnyHashable else { return nil }
      entries[key] = (pair[0], pair[1])
    }
    return entries
  }

  /// Pairs two values of one type that print as something else (a ``CustomInspectable`` value's
  /// inspection value; as source, a ``SourceExpressible`` value's call) through what they print
  /// as, so that a diff of a stack shows the change inside one screen, and a shared copy that
  /// changed as an earlier one did is not shown again; `nil` for other values.
  private func pairedWhole(_ old: Any, _ new: Any) -> (Node, Node)? {
    guard type(of: old) == type(of: new) else { return nil }
    let inner = descending(into: old, isObject: false)
    if rebuildsSource, let oldSource = old as? any SourceExpressible,
      let newSource = new as? any SourceExpressible
    {
      let before = oldSource.sourceExpression
      let after = newSource.sourceExpression
      guard before.function == after.function, before.elements == after.elements,
        before.ids == after.ids,
        before.arguments.map(\.label) == after.arguments.map(\.label)
      else { return nil }
      let hidden = redacts ? (type(of: old) as? any Redacting.Type)?.redactedLabels ?? [] : []
      var oldFields: [Node.Field] = []
      var newFields: [Node.Field] = []
      for (oldArgument, newArgument) in zip(before.arguments, after.arguments) {
        let (oldNode, newNode) = inner.pair(
          oldArgument.value, newArgument.value, redacted: hidden.contains(oldArgument.label))
        let label = oldArgument.label.isEmpty ? nil : oldArgument.label
        oldFields.append(Node.Field(label: label, node: oldNode))
        newFields.append(Node.Field(label: label, node: newNode))
      }
      return (
        .expression(
          function: before.function, arguments: oldFields, elements: before.elements,
          ids: before.identifiers),
        .expression(
          function: after.function, arguments: newFields, elements: after.elements,
          ids: after.identifiers)
      )
    }
    if rebuildsSource, old is any SourceExpressible { return nil }
    guard let oldCustom = old as? any CustomInspectable,
      let newCustom = new as? any CustomInspectable, !(old is InspectedSecret)
    else { return nil }
    return inner.pair(oldCustom.inspectionValue, newCustom.inspectionValue)
  }

  /// A URL as the call that makes it again: one relative to a base (a file URL made from a
  /// relative path has the working folder as its base) is equal only to a URL with the same
  /// base, so the base is written too.
  static func url(_ url: URL) -> String {
    guard let base = url.baseURL else {
      return "URL(string: \(SwiftLiteral.string(url.absoluteString)))!"
    }
    // A base is always absolute: a URL made relative to a relative one takes its absolute form.
    return "URL(string: \(SwiftLiteral.string(url.relativeString)), relativeTo: "
      + "URL(string: \(SwiftLiteral.string(base.absoluteString)))!)!"
  }

  /// Values printed as Swift literals (or the nearest readable spelling).
  func scalar(_ value: Any) -> String? {
    switch value {
    case let string as String: return SwiftLiteral.string(string)
    case let substring as Substring: return SwiftLiteral.string(String(substring))
    case let character as Character: return SwiftLiteral.string(String(character))
    case let bool as Bool: return bool ? "true" : "false"
    case let integer as any BinaryInteger: return "\(integer)"
    case let double as Double: return SwiftLiteral.floatingPoint(double)
    case let float as Float: return SwiftLiteral.floatingPoint(float)
    // Other widths (`Float16`, `Float80`), whose mirrors show an opaque field: as each writes
    // itself, with the literals of the two above for what is not a number.
    case let float as any BinaryFloatingPoint: return SwiftLiteral.floatingPoint(float)
    // Vectors write themselves as their initializer: `SIMD4<Float>(1.0, 2.0, 3.0, 4.0)`.
    case let vector as any SIMD: return "\(vector)"
    case let identifier as ObjectIdentifier: return "\(identifier)"
    case let duration as Duration: return SwiftLiteral.duration(duration)
    case let url as URL: return Self.url(url)
    case let uuid as UUID: return "UUID(uuidString: \"\(uuid.uuidString)\")!"
    case let date as Date:
      // Seconds since 1970 read best, but adding the 978,307,200 seconds between the two epochs
      // rounds a fraction: a date that form cannot give back is printed as Foundation keeps it.
      let since1970 = date.timeIntervalSince1970
      guard Date(timeIntervalSince1970: since1970) == date else {
        return "Date(timeIntervalSinceReferenceDate: "
          + "\(SwiftLiteral.floatingPoint(date.timeIntervalSinceReferenceDate)))"
      }
      return "Date(timeIntervalSince1970: \(SwiftLiteral.floatingPoint(since1970)))"
    case let decimal as Decimal: return "Decimal(string: \"\(decimal)\")!"
    // Its mirror shows where its storage is, which differs from run to run: as a call that makes
    // the bytes again, a few as numbers and more as Base64 (a slice starts again at 0).
    case let data as Data:
      if data.count <= 16 { return "Data(\(Array(data)))" }
      return "Data(base64Encoded: \"\(data.base64EncodedString())\")!"
    case let indexes as IndexSet:
      // What SwiftUI's onDelete and onMove hand over: as a call that makes it again.
      if indexes.count <= 16 { return "IndexSet(\(Array(indexes)))" }
      let ranges = indexes.rangeView.map { "\($0.lowerBound)..<\($0.upperBound)" }
      if ranges.count == 1 { return "IndexSet(integersIn: \(ranges[0]))" }
      return "IndexSet([\(ranges.joined(separator: ", "))].joined())"
    case is Any.Type: return "\(value).self"
    default: return nil
    }
  }

  /// A value of the same shape as a secret string or integer, as Swift source: each capital
  /// letter becomes `A`, each small letter `a`, each digit `0`, anything else `-`, so that
  /// checks of length and of kinds of characters (a password's rules) give the same answer.
  /// `nil` for other values, which stay hidden.
  static func standIn(for value: Any) -> String? {
    // Character by character, by the ASCII scalars in each: an accented capital written as a
    // letter and a combining accent, or a keycap digit, still counts as `A` or `0`, as a check
    // that looks for them among the scalars finds them.
    func shape(_ text: String) -> String {
      String(
        text.map { character -> Character in
          let scalars = character.unicodeScalars
          if scalars.contains(where: { ("A"..."Z").contains($0) }) { return "A" }
          if scalars.contains(where: { ("a"..."z").contains($0) }) { return "a" }
          if scalars.contains(where: { ("0"..."9").contains($0) }) { return "0" }
          return "-"
        })
    }
    switch value {
    case let string as String: return SwiftLiteral.string(shape(string))
    case let substring as Substring: return SwiftLiteral.string(shape(String(substring)))
    case let integer as any BinaryInteger:
      let digits = "\(integer)"
      let sign = digits.hasPrefix("-") ? "-" : ""
      return sign + String(repeating: "0", count: digits.count - sign.count)
    default: return nil
    }
  }

  private func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  private func sortedByRendering(_ nodes: [Node]) -> [Node] {
    let line = Renderer(style: .line)
    return nodes.map { (line.render($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }
}

/// The name of an enum value's case, with or without associated values, from the runtime
/// (`"\(value)"` would give the type's `description` instead when it has one); `nil` for a
/// value that is not an enum.
@usableFromInline
package func enumCaseName<T>(_ value: T) -> String? {
  runtimeEnumCaseName(value).map { String(cString: $0) }
}

/// Where the runtime keeps the name of an enum value's case: the same address for every value of
/// that case, so two cases compare without making a string. `nil` for a value that is not an
/// enum.
@usableFromInline
package func enumCaseAddress<T>(_ value: T) -> UInt? {
  runtimeEnumCaseName(value).map { UInt(bitPattern: $0) }
}

@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// Whether two values of unknown type are `Equatable` and equal.
package func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  guard let lhs = lhs as? any Equatable else { return false }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Spells values the way Swift source does.
package enum SwiftLiteral {
  static func string(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if isInvisible(scalar) || looksLikeASpace(scalar) {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Whether a scalar is written as `\u{…}`: controls (C0 and C1), line and paragraph
  /// separators (a reader that splits lines would split the literal), and format characters such
  /// as bidi overrides and the byte-order mark, which a terminal would act on or hide. The zero
  /// width joiner stays, so emoji sequences print as themselves.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    TerminalText.isInvisible(scalar)
  }

  /// Whether a scalar shows as blank but is not the space: a no-break or em space, an
  /// ideographic space, a Hangul filler. In a literal it is written as `\u{…}`, so that two
  /// strings that differ by one never print alike.
  static func looksLikeASpace(_ scalar: Unicode.Scalar) -> Bool {
    // Every string printed goes through here, character by character: ASCII first.
    if scalar.isASCII { return false }
    switch scalar.value {
    case 0x115F, 0x1160, 0x3164, 0xFFA0: return true
    default: return scalar.properties.generalCategory == .spaceSeparator
    }
  }

  static func floatingPoint<Value: BinaryFloatingPoint>(_ value: Value) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    return "\(value)"
  }

  static func duration(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    // Each finer unit is used only when the whole duration fits in it (huge ones do not).
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    if attoseconds % attosecondsPerMillisecond == 0,
      let milliseconds = whole(seconds, 1000, attoseconds / attosecondsPerMillisecond)
    {
      return ".milliseconds(\(milliseconds))"
    }
    let attosecondsPerNanosecond: Int64 = 1_000_000_000
    if attoseconds % attosecondsPerNanosecond == 0,
      let nanoseconds = whole(seconds, 1_000_000_000, attoseconds / attosecondsPerNanosecond)
    {
      return ".nanoseconds(\(nanoseconds))"
    }
    return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
  }

  /// `seconds · scale + fraction`, or `nil` when it overflows.
  private static func whole(_ seconds: Int64, _ scale: Int64, _ fraction: Int64) -> Int64? {
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: scale)
    guard !overflow else { return nil }
    let (sum, overflowAgain) = scaled.addingReportingOverflow(fraction)
    return overflowAgain ? nil : sum
  }
}

/// Readable type names: `Login.State` rather than `LoginFeature.Login.State`.
enum TypeName {
  static func of(_ value: Any) -> String {
    clean(String(reflecting: type(of: value)))
  }

  static func clean(_ name: String) -> String {
    var name = name
    // Local and private types carry context markers: "(unknown context at $1234)." and
    // "(in _ABC123)".
    while let start = name.range(of: "(unknown context at "),
      let end = name[start.upperBound...].range(of: ").")
    {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    while let start = name.range(of: "(in _"),
      let end = name[start.upperBound...].firstIndex(of: ")")
    {
      name.removeSubrange(start.lowerBound...end)
    }
    return withoutModules(name)
  }

  /// Drops the module name that leads a type's name and each of its generic arguments:
  /// `Swift.Optional<Places.Alert>` rather than `Swift.Optional<Tests.Places.Alert>`.
  private static func withoutModules(_ name: String) -> String {
    guard let open = name.firstIndex(of: "<"), name.last == ">",
      closingBracket(from: open, in: name) == name.index(before: name.endIndex)
    else {
      // No generic arguments, or a type nested in a generic one: only the leading module goes.
      return withoutModule(name)
    }
    // Split the arguments at the commas outside nested brackets.
    var arguments: [String] = []
    var depth = 0
    var current = ""
    for character in name[name.index(after: open)..<name.index(before: name.endIndex)] {
      switch character {
      case "<": depth += 1
      case ">": depth -= 1
      case "," where depth == 0:
        arguments.append(current.trimmingPrefix(" ").description)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    arguments.append(current.trimmingPrefix(" ").description)
    return withoutModule(String(name[..<open])) + "<"
      + arguments.map(withoutModules).joined(separator: ", ") + ">"
  }

  /// The position of the `>` that closes the `<` at `open`.
  private static func closingBracket(from open: String.Index, in name: String) -> String.Index? {
    var depth = 0
    for index in name[open...].indices {
      if name[index] == "<" { depth += 1 }
      if name[index] == ">" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// Drops the leading module name, but keeps a bare top-level type name.
  private static func withoutModule(_ name: String) -> String {
    guard let dot = name.firstIndex(of: "."),
      name[..<dot].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return name }
    return String(name[name.index(after: dot)...])
  }
}
