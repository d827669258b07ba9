import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Gazetteer {
  /// The layouts of place files a gazetteer reads.
  public enum FileFormat: Sendable, Equatable {
    /// The shipped table: a header line, then `geonameid name latitude longitude country_code
    /// admin1_code population timezone`, tab-separated.
    case table
    /// The GeoNames dump format of `cities1000.txt` or `allCountries.txt`: no header, 19
    /// tab-separated columns.
    case geoNamesDump
  }

  /// Reads places from a file in either format, telling them apart by the first line.
  ///
  /// Rows that cannot be read are skipped and listed in ``issues`` with their line numbers;
  /// loading never stops at one. Country names come from `countriesFile` (the shipped
  /// `countries.tsv` layout), or from the shipped table when it is `nil`.
  ///
  /// ```swift
  /// let gazetteer = try Gazetteer(contentsOf: URL(fileURLWithPath: "/data/allCountries.txt"))
  /// print(gazetteer.count, gazetteer.issues.count)
  /// ```
  ///
  /// - Parameters:
  ///   - url: The place file.
  ///   - countriesFile: A country table, or `nil` for the shipped one.
  /// - Throws: ``GazetteerError`` when the file cannot be read or holds no readable place.
  public init(contentsOf url: URL, countriesFile: URL? = nil) throws {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GazetteerError.unreadable(path: url.path, reason: error.localizedDescription)
    }
    let countryNames: [String: String]
    if let countriesFile {
      countryNames = try Self.readCountries(countriesFile)
    } else if let shipped = Bundle.module.url(forResource: "countries", withExtension: "tsv") {
      countryNames = try Self.readCountries(shipped)
    } else {
      countryNames = [:]
    }
    let (places, issues) = Self.parsePlaces(data, countryNames: countryNames)
    guard !places.isEmpty else { throw GazetteerError.noPlaces(path: url.path, issues: issues) }
    self.init(places: places, countryNames: countryNames, issues: issues)
  }

  /// Reads places from text in a known format.
  ///
  /// <!-- example: given text: String -->
  /// ```swift
  /// let (places, issues) = Gazetteer.parsePlaces(Data(text.utf8), countryNames: [:])
  /// ```
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - countryNames: Country names by ISO code, for each place's `countryName`.
  /// - Returns: The places read, and the rows skipped.
  public static func parsePlaces(
    _ data: Data, countryNames: [String: String]
  ) -> (places: [Location], issues: [GazetteerIssue]) {
    var places: [Location] = []
    var issues: [GazetteerIssue] = []
    places.reserveCapacity(data.count / 64)
    var format: FileFormat?
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let bytes = raw.bindMemory(to: UInt8.self)
      var lineNumber = 0
      var lineStart = 0
      var fields: [Range<Int>] = []
      fields.reserveCapacity(19)
      while lineStart < bytes.count {
        lineNumber += 1
        var lineEnd = lineStart
        while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var contentEnd = lineEnd
        if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        defer { lineStart = lineEnd + 1 }
        if contentEnd == lineStart { continue }  // blank line
        fields.removeAll(keepingCapacity: true)
        var fieldStart = lineStart
        for index in lineStart..<contentEnd where bytes[index] == 0x09 {
          fields.append(fieldStart..<index)
          fieldStart = index + 1
        }
        fields.append(fieldStart..<contentEnd)
        if format == nil {
          if fields.count == 8 && text(bytes, fields[0]) == "geonameid" {
            format = .table
            continue
          }
          format = fields.count == 19 ? .geoNamesDump : .table
        }
        let columns:
          (
            id: Int, name: Int, latitude: Int, longitude: Int, country: Int, population: Int,
            timezone: Int, count: Int
          )
        switch format! {
        case .table: columns = (0, 1, 2, 3, 4, 6, 7, 8)
        case .geoNamesDump: columns = (0, 1, 4, 5, 8, 14, 17, 19)
        }
        guard fields.count == columns.count else {
          issues.append(
            GazetteerIssue(
              line: lineNumber,
              reason: "expected \(columns.count) tab-separated columns, found \(fields.count)"))
          continue
        }
        guard let id = integer(bytes, fields[columns.id]), id >= 0 else {
          issues.append(
            GazetteerIssue(
              line: lineNumber,
              reason: "geonameid \"\(text(bytes, fields[columns.id]))\" is not a whole number"))
          continue
        }
        let name = text(bytes, fields[columns.name])
        guard !name.isEmpty else {
          issues.append(GazetteerIssue(line: lineNumber, reason: "the name is empty"))
          continue
        }
        guard let latitude = decimal(bytes, fields[columns.latitude]), (-90...90).contains(latitude)
        else {
          issues.append(
            GazetteerIssue(
              line: lineNumber,
              reason:
                "latitude \"\(text(bytes, fields[columns.latitude]))\" is not a number from -90 to 90"
            ))
          continue
        }
        guard let longitude = decimal(bytes, fields[columns.longitude]),
          (-180...180).contains(longitude)
        else {
          issues.append(
            GazetteerIssue(
              line: lineNumber,
              reason:
                "longitude \"\(text(bytes, fields[columns.longitude]))\" is not a number from -180 to 180"
            ))
          continue
        }
        let populationField = fields[columns.population]
        guard let population = populationField.isEmpty ? 0 : integer(bytes, populationField),
          population >= 0
        else {
          issues.append(
            GazetteerIssue(
              line: lineNumber,
              reason: "population \"\(text(bytes, populationField))\" is not a whole number"))
          continue
        }
        let code = text(bytes, fields[columns.country])
        places.append(
          Location(
            id: id, name: name, countryCode: code, countryName: countryNames[code] ?? code,
            latitude: latitude, longitude: longitude, population: population,
            timezone: text(bytes, fields[columns.timezone])))
      }
    }
    return (places, issues)
  }

  /// Reads the country table: `iso name capital continent population`, with a header line.
  static func readCountries(_ url: URL) throws -> [String: String] {
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw GazetteerError.unreadable(path: url.path, reason: error.localizedDescription)
    }
    var names: [String: String] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      if columns.count >= 2 { names[String(columns[0])] = String(columns[1]) }
    }
    return names
  }
}

private func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
  String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
}

private func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
  guard !range.isEmpty, range.count <= 18 else { return nil }
  var value = 0
  var index = range.lowerBound
  var negative = false
  if bytes[index] == UInt8(ascii: "-") {
    negative = true
    index += 1
    guard index < range.upperBound else { return nil }
  }
  while index < range.upperBound {
    let digit = bytes[index] &- UInt8(ascii: "0")
    guard digit < 10 else { return nil }
    value = value * 10 + Int(digit)
    index += 1
  }
  return negative ? -value : value
}

private func decimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
  guard !range.isEmpty, range.count < 32 else { return nil }
  var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  return withUnsafeMutableBytes(of: &buffer) { scratch -> Double? in
    for (offset, index) in range.enumerated() { scratch[offset] = bytes[index] }
    scratch[range.count] = 0
    let start = scratch.baseAddress!.assumingMemoryBound(to: CChar.self)
    var end: UnsafeMutablePointer<CChar>?
    let value = strtod(start, &end)
    guard let end, end == start + range.count, value.isFinite else { return nil }
    return value
  }
}
