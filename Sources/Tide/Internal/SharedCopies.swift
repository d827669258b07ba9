/// The newest copy of each shared value found in a state, by key.
@usableFromInline
struct SharedCopies {
  struct Newest {
    var version: Int
    var value: any Sendable
    /// Whether some copy found is not this one: older, or changed apart from it.
    var differs: Bool
  }

  var newest: [String: Newest] = [:]
  /// The keys whose copies were changed apart in one step, reported once each.
  var conflicts: Set<String> = []

  /// Whether some copy must take the newest value: one is older, or none has been through a
  /// step yet (version 0: a fresh state, whose copies are numbered from 1 from then on).
  var needsUpdate: Bool {
    newest.values.contains { $0.differs || $0.version == 0 }
  }

  /// Notes a copy: it is the newest of its key when it changed more often than those found
  /// before; on a tie with another value, the first found stays newest.
  mutating func note<Value>(_ copy: Shared<Value>) {
    guard var found = newest[copy.key] else {
      newest[copy.key] = Newest(version: copy.version, value: copy.value, differs: false)
      return
    }
    if copy.version > found.version {
      found = Newest(version: copy.version, value: copy.value, differs: true)
    } else if copy.version < found.version {
      found.differs = true
    } else if let value = found.value as? Value, value != copy.value {
      found.differs = true
      // A fresh copy (version 0) takes what the others hold; two copies changed as often but
      // to different values were changed apart in one step.
      if copy.version > 0 { conflicts.insert(copy.key) }
    } else if !(found.value is Value) {
      found.differs = true
      conflicts.insert(copy.key)
    }
    newest[copy.key] = found
  }

  /// Whether `copy` must take the newest value of its key.
  func isOutdated<Value>(_ copy: Shared<Value>) -> Bool {
    guard let found = newest[copy.key] else { return false }
    if found.version == 0 { return true }
    if copy.version != found.version { return true }
    guard let value = found.value as? Value else { return false }
    return value != copy.value
  }

  /// Gives `copy` the newest value of its key, numbered at least 1.
  func update<Value>(_ copy: inout Shared<Value>) {
    guard let found = newest[copy.key], let value = found.value as? Value else { return }
    copy.value = value
    copy.version = max(found.version, 1)
  }
}

/// How a reducer keeps the ``Shared`` copies of its state equal: every copy it can reach,
/// through the states of the children it composes.
@usableFromInline
struct SharedSync<State>: Sendable {
  let fields: [SharedField<State>]

  /// The copies a state of this type holds itself, when it lists them.
  @usableFromInline
  static func own(_ type: State.Type) -> Self? {
    guard let shared = type as? any SharedState.Type else { return nil }
    func fields<S: SharedState>(_: S.Type) -> [SharedField<State>] {
      // `S` is `State`, opened from its metatype.
      S.sharedFields as! [SharedField<State>]
    }
    let found = fields(shared)
    return found.isEmpty ? nil : Self(fields: found)
  }

  /// The copies both reach.
  @usableFromInline
  static func merging(_ first: Self?, _ second: Self?) -> Self? {
    guard let first else { return second }
    guard let second else { return first }
    return Self(fields: first.fields + second.fields)
  }

  /// Gives every copy the newest value of its key; reports copies changed apart.
  @usableFromInline
  func sync(_ state: inout State) {
    var copies = SharedCopies()
    for field in fields { field.collect(state, &copies) }
    for key in copies.conflicts.sorted() {
      IssueReporter.current.report(
        """
        The shared value "\(key)" was changed in two places in one step.

        Each copy was changed as often as the other, to another value, so neither is newer: \
        the first found was kept. Change the value in one place: a feature changes its own \
        copy, and Tide gives it to the others.
        """)
    }
    guard copies.needsUpdate else { return }
    for field in fields { field.apply(&state, copies) }
  }

  /// The copies of a child's state, reached through `keyPath`.
  @usableFromInline
  func pulledBack<Parent>(_ keyPath: any WritableKeyPath<Parent, State> & Sendable)
    -> SharedSync<Parent>
  {
    SharedSync<Parent>(
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in field.collect(parent[keyPath: keyPath], &copies) },
          isOutdated: { parent, copies in field.isOutdated(parent[keyPath: keyPath], copies) },
          apply: { parent, copies in
            if field.isOutdated(parent[keyPath: keyPath], copies) {
              field.apply(&parent[keyPath: keyPath], copies)
            }
          })
      })
  }

  /// The copies of an optional child's state, reached through `keyPath` while it is there.
  @usableFromInline
  func optional<Parent>(_ keyPath: any WritableKeyPath<Parent, State?> & Sendable)
    -> SharedSync<Parent>
  {
    SharedSync<Parent>(
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            if let child = parent[keyPath: keyPath] { field.collect(child, &copies) }
          },
          isOutdated: { parent, copies in
            parent[keyPath: keyPath].map { field.isOutdated($0, copies) } ?? false
          },
          apply: { parent, copies in
            guard let child = parent[keyPath: keyPath], field.isOutdated(child, copies) else {
              return
            }
            field.apply(&parent[keyPath: keyPath]!, copies)
          })
      })
  }

  /// The copies of a child's state, reached through an enum case.
  @usableFromInline
  func pulledBack<Parent>(_ casePath: CasePath<Parent, State>) -> SharedSync<Parent> {
    SharedSync<Parent>(
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            if let child = casePath.extract(parent) { field.collect(child, &copies) }
          },
          isOutdated: { parent, copies in
            casePath.extract(parent).map { field.isOutdated($0, copies) } ?? false
          },
          apply: { parent, copies in
            guard var child = casePath.extract(parent), field.isOutdated(child, copies) else {
              return
            }
            field.apply(&child, copies)
            parent = casePath.embed(child)
          })
      })
  }

  /// The copies of each element's state, reached through `keyPath`.
  @usableFromInline
  func elements<Parent>(
    _ keyPath: any WritableKeyPath<Parent, IdentifiedArray<State>> & Sendable
  ) -> SharedSync<Parent> where State: Identifiable & SendableMetatype {
    SharedSync<Parent>(
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            for element in parent[keyPath: keyPath] { field.collect(element, &copies) }
          },
          isOutdated: { parent, copies in
            parent[keyPath: keyPath].contains { field.isOutdated($0, copies) }
          },
          apply: { parent, copies in
            for element in parent[keyPath: keyPath] where field.isOutdated(element, copies) {
              _ = parent[keyPath: keyPath].modify(id: element.id) { field.apply(&$0, copies) }
            }
          })
      })
  }

  /// The copies of each screen's state in a stack, reached through `keyPath`.
  @usableFromInline
  func screens<Parent>(
    _ keyPath: any WritableKeyPath<Parent, StackState<State>> & Sendable
  ) -> SharedSync<Parent> {
    SharedSync<Parent>(
      fields: fields.map { field in
        SharedField(
          collect: { parent, copies in
            for screen in parent[keyPath: keyPath] { field.collect(screen, &copies) }
          },
          isOutdated: { parent, copies in
            parent[keyPath: keyPath].contains { field.isOutdated($0, copies) }
          },
          apply: { parent, copies in
            let stack = parent[keyPath: keyPath]
            for id in stack.ids where stack[id: id].map({ field.isOutdated($0, copies) }) == true {
              _ = parent[keyPath: keyPath].modify(id: id) { field.apply(&$0, copies) }
            }
          })
      })
  }
}
