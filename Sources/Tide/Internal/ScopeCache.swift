/// The stores a store has scoped by key paths, so that the same paths give the same store while
/// anyone holds it.
///
/// Stores are held weakly: one nobody holds is freed, and its entry swept out the next time the
/// cache grows to twice what it last kept, so the cache stays within twice the stores alive.
@MainActor
final class ScopeCache {
  struct Key: Hashable {
    enum Kind: Hashable {
      case child
      case optionalChild
      case elements
    }

    let state: AnyKeyPath
    let action: AnyKeyPath
    let kind: Kind
  }

  private final class Entry {
    weak var weakObject: AnyObject?
    /// Element families are held strongly: they are light, and hold their stores weakly.
    var strongObject: AnyObject?

    var object: AnyObject? { strongObject ?? weakObject }

    init(weak object: AnyObject) { weakObject = object }
    init(strong object: AnyObject) { strongObject = object }
  }

  private var entries: [Key: Entry] = [:]
  private var sweepAt = 16

  var count: Int { entries.count }

  subscript(key: Key) -> AnyObject? {
    entries[key]?.object
  }

  func insert(_ object: AnyObject, for key: Key, strongly: Bool = false) {
    entries[key] = strongly ? Entry(strong: object) : Entry(weak: object)
    if entries.count >= sweepAt { sweep() }
  }

  func remove(_ key: Key, ifItIs object: AnyObject) {
    if let entry = entries[key], entry.object === object { entries[key] = nil }
  }

  func remove(_ key: Key) {
    entries[key] = nil
  }

  /// Drops the entries of stores that were freed.
  func sweep() {
    entries = entries.filter { $0.value.object != nil }
    sweepAt = max(16, entries.count * 2)
  }
}
