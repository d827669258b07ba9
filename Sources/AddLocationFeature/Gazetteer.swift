import Foundation
import Tide

/// An offline geocoder over GeoNames place data: finds places whose name starts with a query,
/// ignoring case and diacritics, optionally in one country, most populous first.
///
/// The module ships every place of at least 15,000 people (34,006 of them; GeoNames, CC BY 4.0).
/// ``shipped()`` loads them on first use, once. Point one at any GeoNames file to widen it:
///
/// ```swift
/// let places = try Gazetteer.shipped()
/// places.search("Brus").first?.name        // "Brussels"
/// places.search("zurich").first?.name      // "Zürich"
/// places.search("paris, us").first?.name   // "Paris" (Texas)
///
/// let wider = try Gazetteer(contentsOf: URL(fileURLWithPath: "cities1000.txt"))
/// ```
///
/// A query is a name prefix, optionally followed by a comma and a country: its ISO code ("us") or
/// the start of its English name ("united states").
public struct Gazetteer: Sendable {
  /// Every place, in file order.
  public let places: [Location]
  /// Rows that could not be read, with their line numbers.
  public let issues: [GazetteerIssue]
  /// Country names by ISO code.
  public let countryNames: [String: String]

  /// Place indices sorted by search key, and the keys in the same order.
  private let order: [Int32]
  private let keys: [[UInt8]]
  /// For each place, the position of its key in `keys`.
  private let keyPositions: [Int32]
  /// The most populous places for every key prefix of one to three bytes: short prefixes match
  /// the most names, so their answers are computed once, while loading.
  private let shortPrefixes: [UInt32: [Int32]]
  private static let shortPrefixLength = 3
  private let countryKeys: [(code: String, key: [UInt8])]

  /// The most places a search returns unless told otherwise.
  public static let defaultLimit = 20

  /// Builds a gazetteer from places already in memory.
  ///
  /// ```swift
  /// let gazetteer = Gazetteer(places: [Location(name: "Brussels", latitude: 50.85, longitude: 4.35)])
  /// ```
  ///
  /// - Parameters:
  ///   - places: The places.
  ///   - countryNames: Country names by ISO code, for narrowing by name.
  ///   - issues: Rows skipped while reading the places, if they came from a file.
  public init(
    places: [Location], countryNames: [String: String] = [:], issues: [GazetteerIssue] = []
  ) {
    self.places = places
    self.issues = issues
    self.countryNames = countryNames
    let placeKeys = places.map { SearchKey.make($0.name) }
    let order = placeKeys.indices.sorted { lhs, rhs in
      let (a, b) = (placeKeys[lhs], placeKeys[rhs])
      return a == b ? places[lhs].population > places[rhs].population : SearchKey.less(a, b)
    }
    self.order = order.map { Int32($0) }
    self.keys = order.map { placeKeys[$0] }
    var positions = [Int32](repeating: 0, count: places.count)
    for (position, place) in order.enumerated() { positions[place] = Int32(position) }
    self.keyPositions = positions
    self.shortPrefixes = Self.topPlacesByShortPrefix(
      keys: self.keys, order: self.order, rank: { Self.ranks(places, $0, before: $1) })
    self.countryKeys = countryNames.map { ($0.key, SearchKey.make($0.value)) }
  }

  /// The number of places.
  public var count: Int { places.count }

  // MARK: - Searching

  /// Returns the places whose name starts with the query, most populous first.
  ///
  /// <!-- example: given gazetteer: Gazetteer -->
  /// ```swift
  /// gazetteer.search("brus").map(\.name)  // ["Brussels", "Brusque", "Brushy Creek", …]
  /// ```
  ///
  /// The cost depends on how many names share the prefix, not on the size of the gazetteer: the
  /// prefix's range is found by binary search in a sorted index.
  ///
  /// - Parameters:
  ///   - query: A name prefix, optionally followed by `, country`.
  ///   - limit: The most places to return.
  /// - Returns: Up to `limit` places; none for an empty query.
  public func search(_ query: String, limit: Int = Self.defaultLimit) -> [Location] {
    guard let parsed = parse(query), limit > 0 else { return [] }
    if parsed.countries == nil, limit <= Self.defaultLimit,
      parsed.prefix.count <= Self.shortPrefixLength
    {
      let top = shortPrefixes[Self.pack(parsed.prefix[...])] ?? []
      return top.prefix(limit).map { places[Int($0)] }
    }
    var start = lowerBound(parsed.prefix)
    var best: [Int32] = []
    best.reserveCapacity(limit + 1)
    while start < keys.count && SearchKey.hasPrefix(keys[start], parsed.prefix) {
      let index = order[start]
      start += 1
      if let countries = parsed.countries, !countries.contains(places[Int(index)].countryCode) {
        continue
      }
      insert(index, into: &best, limit: limit)
    }
    return best.map { places[Int($0)] }
  }

  /// The same search by scanning every place's (precomputed) key: the baseline that
  /// ``search(_:limit:)`` is measured and tested against.
  ///
  /// <!-- example: given gazetteer: Gazetteer -->
  /// ```swift
  /// #expect(gazetteer.search("san") == gazetteer.linearSearch("san"))
  /// ```
  ///
  /// - Parameters:
  ///   - query: A name prefix, optionally followed by `, country`.
  ///   - limit: The most places to return.
  /// - Returns: Up to `limit` places, most populous first.
  public func linearSearch(_ query: String, limit: Int = Self.defaultLimit) -> [Location] {
    guard let parsed = parse(query), limit > 0 else { return [] }
    var best: [Int32] = []
    for (index, place) in places.enumerated() {
      if let countries = parsed.countries, !countries.contains(place.countryCode) { continue }
      guard SearchKey.hasPrefix(keys[Int(keyPositions[index])], parsed.prefix) else { continue }
      insert(Int32(index), into: &best, limit: limit)
    }
    return best.map { places[Int($0)] }
  }

  /// Keeps the `limit` most populous places, ties broken by file order.
  private func insert(_ index: Int32, into best: inout [Int32], limit: Int) {
    Self.insert(index, into: &best, limit: limit) { Self.ranks(places, $0, before: $1) }
  }

  /// Whether the place at `lhs` ranks before the one at `rhs`: more populous, then earlier.
  private static func ranks(_ places: [Location], _ lhs: Int32, before rhs: Int32) -> Bool {
    let (a, b) = (places[Int(lhs)].population, places[Int(rhs)].population)
    return a != b ? a > b : lhs < rhs
  }

  private static func insert(
    _ index: Int32, into best: inout [Int32], limit: Int, ranks: (Int32, Int32) -> Bool
  ) {
    if best.count == limit, !ranks(index, best[best.count - 1]) { return }
    var position = best.count
    while position > 0 && ranks(index, best[position - 1]) { position -= 1 }
    best.insert(index, at: position)
    if best.count > limit { best.removeLast() }
  }

  /// Packs up to three bytes of a key prefix into a dictionary key; the length is part of it.
  private static func pack(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var value = UInt32(bytes.count)
    for byte in bytes { value = value << 8 | UInt32(byte) }
    return value
  }

  /// One pass over the sorted keys per prefix length: consecutive keys share prefixes, so each
  /// prefix's places form one run.
  private static func topPlacesByShortPrefix(
    keys: [[UInt8]], order: [Int32], rank: (Int32, Int32) -> Bool
  ) -> [UInt32: [Int32]] {
    var result: [UInt32: [Int32]] = [:]
    for length in 1...shortPrefixLength {
      var current: UInt32?
      var best: [Int32] = []
      for (position, key) in keys.enumerated() where key.count >= length {
        let packed = pack(key[0..<length])
        if packed != current {
          if let current { result[current] = best }
          current = packed
          best = []
        }
        insert(order[position], into: &best, limit: defaultLimit, ranks: rank)
      }
      if let current { result[current] = best }
    }
    return result
  }

  private func lowerBound(_ prefix: [UInt8]) -> Int {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if SearchKey.less(keys[middle], prefix) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Splits "paris, us" into a name prefix and the countries it may be in; `nil` for a query
  /// with no name, or a country that matches nothing.
  private func parse(_ query: String) -> (prefix: [UInt8], countries: Set<String>?)? {
    let parts = query.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
    let prefix = SearchKey.make(String(parts[0]))
    guard !prefix.isEmpty else { return nil }
    guard parts.count == 2 else { return (prefix, nil) }
    let country = SearchKey.make(String(parts[1]))
    if country.isEmpty { return (prefix, nil) }
    var codes = Set<String>()
    let code = String(decoding: country, as: UTF8.self).uppercased()
    if country.count == 2 { codes.insert(code) }
    for (candidate, key) in countryKeys where SearchKey.hasPrefix(key, country) {
      codes.insert(candidate)
    }
    return (prefix, codes)
  }
}

extension Gazetteer {
  /// The places shipped with the module, loaded on first use and kept.
  ///
  /// ```swift
  /// let brussels = try Gazetteer.shipped().search("Brus").first
  /// ```
  ///
  /// - Returns: The shipped gazetteer.
  /// - Throws: ``GazetteerError`` if the module's data is missing (a packaging problem).
  public static func shipped() throws -> Gazetteer {
    try shippedCache.load()
  }

  /// Where the shipped place and country tables are, inside the module's resource bundle.
  ///
  /// ```swift
  /// let (places, countries) = try Gazetteer.shippedFiles()
  /// ```
  ///
  /// - Returns: The URLs of `cities15000.tsv` and `countries.tsv`.
  /// - Throws: ``GazetteerError/missingResource(_:)`` if the bundle lacks them.
  public static func shippedFiles() throws -> (places: URL, countries: URL) {
    guard
      let places = Bundle.module.url(forResource: "cities15000", withExtension: "tsv"),
      let countries = Bundle.module.url(forResource: "countries", withExtension: "tsv")
    else { throw GazetteerError.missingResource("cities15000.tsv / countries.tsv") }
    return (places, countries)
  }

  private static let shippedCache = LoadOnce {
    let files = try shippedFiles()
    return try Gazetteer(contentsOf: files.places, countriesFile: files.countries)
  }
}

/// Runs a throwing load once, keeps its result, and hands it to every caller.
final class LoadOnce<Value: Sendable>: Sendable {
  private let state = Lock<Result<Value, GazetteerError>?>(nil)
  private let body: @Sendable () throws -> Value

  init(_ body: @escaping @Sendable () throws -> Value) {
    self.body = body
  }

  func load() throws -> Value {
    try state.withLock { state in
      if let state { return try state.get() }
      let result: Result<Value, GazetteerError>
      do {
        result = .success(try body())
      } catch let error as GazetteerError {
        result = .failure(error)
      } catch {
        result = .failure(.unreadable(path: "shipped data", reason: "\(error)"))
      }
      state = result
      return try result.get()
    }
  }
}
