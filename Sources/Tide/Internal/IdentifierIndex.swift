#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The hash index of an ``IdentifiedArray``: an open-addressing table, probed linearly, whose
/// slots hold positions in the array's identifiers, not the identifiers themselves.
///
/// A slot is four bytes (a position plus one; zero when empty), so the table of a collection of
/// 100,000 elements takes a megabyte, where a dictionary from identifier to position would
/// spread each lookup over two arrays of that size. A lookup hashes the identifier, reads slots
/// from the hash's home slot until it finds a position whose identifier is equal, and stops at
/// an empty slot. The table is at most three quarters full.
///
/// Every operation takes the identifiers as they are at that moment; keeping the two in step
/// is ``IdentifiedArray``'s job.
@usableFromInline
struct IdentifierIndex: Sendable {
  /// A power of two in length, at least 8, or empty while there are no identifiers.
  @usableFromInline var slots: [UInt32]
  /// The keys of the integer hash, copied from ``integerHashKeys`` so that a lookup does not go
  /// through a global's lazy initialization.
  @usableFromInline let keys: (multiplier: UInt64, increment: UInt64)

  @inlinable
  init() {
    slots = []
    keys = integerHashKeys
  }

  /// The most identifiers a table of `capacity` slots holds.
  @inlinable
  static func limit(forCapacity capacity: Int) -> Int {
    capacity / 4 * 3
  }

  /// The 64 bits of an identifier's hash; a table of 2ᵏ slots uses the top k as the home slot.
  ///
  /// Identifiers that are 64-bit integers (`Int`, `UInt`, `Int64`, `UInt64`), the usual row
  /// identifiers, are hashed by multiply-add-shift with random keys: one multiplication, where
  /// `Hasher`'s SipHash costs about as much as the rest of a lookup. For keys an attacker cannot
  /// see, two given identifiers share a home slot with a probability of about one in the table's
  /// size, so identifiers chosen to collide do not. Identifiers in sequence get homes a constant
  /// stride apart, which the processor's prefetcher follows when a list is walked in order.
  /// Every other identifier is hashed by its `Hashable` conformance.
  @inlinable
  static func hash<ID: Hashable>(
    _ id: ID, keys: (multiplier: UInt64, increment: UInt64)
  ) -> UInt64 {
    // Comparing metatypes is a pointer comparison, and folds away in specialized code.
    if MemoryLayout<ID>.size == 8,
      ID.self == Int.self || ID.self == UInt.self || ID.self == Int64.self
        || ID.self == UInt64.self
    {
      return unsafeBitCast(id, to: UInt64.self) &* keys.multiplier &+ keys.increment
    }
    // Where `Int` has 32 bits, its hash goes to the top half, which picks the home slot.
    return UInt64(UInt(bitPattern: id.hashValue)) &<< UInt64(64 &- UInt.bitWidth)
  }

  /// The slot where probing for `hash` starts, in a table of `count` slots.
  @inlinable
  static func home(of hash: UInt64, slotCount count: Int) -> Int {
    Int(truncatingIfNeeded: hash &>> UInt64(64 &- count.trailingZeroBitCount))
  }

  /// The position of `id` in `ids`, or `nil`.
  @inlinable
  func position<ID: Hashable>(of id: ID, in ids: [ID]) -> Int? {
    if slots.isEmpty { return nil }
    let hash = Self.hash(id, keys: keys)
    return slots.withUnsafeBufferPointer { slots in
      ids.withUnsafeBufferPointer { ids in
        let mask = slots.count &- 1
        var slot = Self.home(of: hash, slotCount: slots.count)
        while true {
          let entry = slots[slot]
          if entry == 0 { return nil }
          let position = Int(truncatingIfNeeded: entry &- 1)
          if ids[position] == id { return position }
          slot = (slot &+ 1) & mask
        }
      }
    }
  }

  /// Records that the last of `ids` is new; `ids` holds no other identifier equal to it.
  @usableFromInline
  mutating func append<ID: Hashable>(last ids: [ID]) {
    if ids.count > Self.limit(forCapacity: slots.count) {
      rebuild(for: ids)
      return
    }
    insert(position: ids.count - 1, hash: Self.hash(ids[ids.count - 1], keys: keys))
  }

  /// Whether the table is so much larger than `count` identifiers need that it should be rebuilt
  /// smaller: after most of a large collection was removed.
  @usableFromInline
  func isOversized(for count: Int) -> Bool {
    slots.count > 8 && count < Self.limit(forCapacity: slots.count) / 8
  }

  /// Indexes every identifier of `ids` (which are distinct) from scratch.
  @usableFromInline
  mutating func rebuild<ID: Hashable>(for ids: [ID]) {
    if ids.isEmpty {
      slots = []
      return
    }
    var capacity = 8
    while Self.limit(forCapacity: capacity) < ids.count { capacity *= 2 }
    if slots.count == capacity {
      slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    } else {
      slots = [UInt32](repeating: 0, count: capacity)
    }
    for (position, id) in ids.enumerated() {
      insert(position: position, hash: Self.hash(id, keys: keys))
    }
  }

  /// Removes the identifier at `position` of `ids` from the table, and moves every later
  /// position down by one, as removing it from `ids` does.
  ///
  /// Linear probing needs no tombstones: each entry after the freed slot, up to the next empty
  /// one, moves back into the hole unless its home lies after the hole, so every probe still
  /// ends at the first empty slot. The cost is one pass over the table, hashing only the freed
  /// slot's cluster.
  @usableFromInline
  mutating func remove<ID: Hashable>(position: Int, of ids: [ID]) {
    let removed = UInt32(truncatingIfNeeded: position &+ 1)
    let keys = keys
    slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count &- 1
      var hole = Self.home(of: Self.hash(ids[position], keys: keys), slotCount: slots.count)
      while slots[hole] != removed { hole = (hole &+ 1) & mask }
      var next = (hole &+ 1) & mask
      while slots[next] != 0 {
        let id = ids[Int(slots[next] &- 1)]
        let home = Self.home(of: Self.hash(id, keys: keys), slotCount: slots.count)
        // Whether the home lies after the hole, up to the entry's own slot (cyclically).
        let staysPut =
          hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
        if !staysPut {
          slots[hole] = slots[next]
          hole = next
        }
        next = (next &+ 1) & mask
      }
      slots[hole] = 0
      // Removing the last identifier moves no other position.
      if position != ids.count &- 1 {
        for slot in slots.indices where slots[slot] > removed { slots[slot] &-= 1 }
      }
    }
  }

  /// Puts `position` in the first empty slot from its hash's home.
  @usableFromInline
  mutating func insert(position: Int, hash: UInt64) {
    precondition(
      UInt64(position) < UInt64(UInt32.max) - 1,
      "An IdentifiedArray holds fewer than \(UInt32.max) elements")
    slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count &- 1
      var slot = Self.home(of: hash, slotCount: slots.count)
      while slots[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = UInt32(truncatingIfNeeded: position &+ 1)
    }
  }
}

/// The keys of ``IdentifierIndex``'s integer hash, random for each process; the multiplier is
/// odd, so that no bit of the identifier is lost.
///
/// A process run with `SWIFT_DETERMINISTIC_HASHING=1` (as the standard library's `Hasher`
/// honours it; `true` and `yes` too, as anything starting with `1`, `t` or `y`) gets fixed keys instead, so that probe lengths, and the instructions a lookup
/// takes, repeat from run to run: what counting a benchmark's instructions needs.
@usableFromInline
let integerHashKeys: (multiplier: UInt64, increment: UInt64) = {
  // Read as the runtime reads a true setting: its first letter.
  if let value = getenv("SWIFT_DETERMINISTIC_HASHING"),
    "1TtYy".utf8.contains(UInt8(bitPattern: value.pointee))
  {
    return (0x9E37_79B9_7F4A_7C15, 0)
  }
  var generator = SystemRandomNumberGenerator()
  return (generator.next() | 1, generator.next())
}()
