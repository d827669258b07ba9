import AddLocationFeature
import Foundation
import Testing
import TideTestSupport

@Suite struct GazetteerTests {
  let shipped = try! Gazetteer.shipped()

  @Test func theShippedDataIsComplete() {
    #expect(shipped.count == 34_006)
    #expect(shipped.issues.isEmpty)
    #expect(shipped.countryNames.count == 252)
    #expect(shipped.countryNames["BE"] == "Belgium")
  }

  @Test func brusGivesBrusselsBelgiumFirst() throws {
    let first = try #require(shipped.search("Brus").first)
    #expect(first.name == "Brussels")
    #expect(first.countryCode == "BE")
    #expect(first.countryName == "Belgium")
    #expect(
      shipped.search("Brus").map(\.name).prefix(3) == ["Brussels", "Brusque", "Brushy Creek"])
  }

  @Test func matchingIgnoresCaseAndDiacritics() {
    #expect(shipped.search("zurich").first?.name == "Zürich")
    #expect(shipped.search("ZÜRICH").first?.name == "Zürich")
    #expect(shipped.search("sao paulo").first?.name == "São Paulo")
    #expect(shipped.search("saint etienne").first?.name == "Saint-Étienne")
  }

  @Test func aCountryNarrowsTheSearch() {
    let texas = shipped.search("paris, us")
    #expect(!texas.isEmpty)
    #expect(texas.allSatisfy { $0.countryCode == "US" })
    #expect(shipped.search("paris, united states") == texas)
    #expect(shipped.search("paris, FR").first?.name == "Paris")
    #expect(shipped.search("paris, atlantis").isEmpty)
    #expect(shipped.search("paris,").first?.countryCode == "FR")
  }

  @Test func resultsAreRankedByPopulationAndLimited() {
    let results = shipped.search("san")
    #expect(results.count == 20)
    #expect(zip(results, results.dropFirst()).allSatisfy { $0.population >= $1.population })
    #expect(shipped.search("san", limit: 3).count == 3)
    #expect(shipped.search("").isEmpty)
    #expect(shipped.search("  ,  us").isEmpty)
    #expect(shipped.search("qqqqqq").isEmpty)
  }

  @Test func theIndexAgreesWithALinearScan() {
    for query in [
      "a", "b", "br", "bru", "new", "sa", "san ", "st", "x", "zu", "ō", "los a", "paris, us",
      "lon, gb",
    ] {
      #expect(shipped.search(query) == shipped.linearSearch(query), "query \(query)")
    }
  }
}

@Suite struct GazetteerFileTests {
  let scratch: ScratchFolder

  init() throws { scratch = try ScratchFolder("gazetteer") }

  func write(_ text: String) throws -> URL {
    let url = scratch.url.appendingPathComponent("gazetteer-\(UUID().uuidString).txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// A row of the 19-column GeoNames dump format.
  func dumpRow(
    id: String = "1", name: String = "Aville", latitude: String = "10.5",
    longitude: String = "20.25",
    country: String = "BE", population: String = "1000"
  ) -> String {
    [
      id, name, name, "", latitude, longitude, "P", "PPL", country, "", "01", "", "", "",
      population,
      "", "5", "Europe/Brussels", "2024-01-01",
    ].joined(separator: "\t")
  }

  @Test func readsTheGeoNamesDumpFormat() throws {
    let url = try write(
      [dumpRow(), dumpRow(id: "2", name: "Bville", population: "5000")].joined(separator: "\n")
        + "\n")
    let gazetteer = try Gazetteer(contentsOf: url)
    #expect(gazetteer.count == 2)
    #expect(gazetteer.issues.isEmpty)
    #expect(
      gazetteer.places[1]
        == Location(
          id: 2, name: "Bville", countryCode: "BE", countryName: "Belgium", latitude: 10.5,
          longitude: 20.25, population: 5000, timezone: "Europe/Brussels"))
  }

  @Test func malformedRowsAreReportedWithTheirLineNumbers() throws {
    let url = try write(
      [
        dumpRow(),
        "too\tfew\tcolumns",
        dumpRow(id: "x"),
        dumpRow(latitude: "north"),
        dumpRow(longitude: "200"),
        dumpRow(population: "many"),
        dumpRow(name: ""),
        "",
        dumpRow(id: "9", name: "Last"),
      ].joined(separator: "\r\n"))
    let gazetteer = try Gazetteer(contentsOf: url)
    #expect(gazetteer.places.map(\.name) == ["Aville", "Last"])
    #expect(
      gazetteer.issues.map(\.description) == [
        "line 2: expected 19 tab-separated columns, found 3",
        "line 3: geonameid \"x\" is not a whole number",
        "line 4: latitude \"north\" is not a number from -90 to 90",
        "line 5: longitude \"200\" is not a number from -180 to 180",
        "line 6: population \"many\" is not a whole number",
        "line 7: the name is empty",
      ])
  }

  @Test func aFileWithNoReadablePlaceIsAnError() throws {
    let url = try write("just some text\nnot places\n")
    #expect {
      try Gazetteer(contentsOf: url)
    } throws: { error in
      guard case .noPlaces(_, let issues) = error as? GazetteerError else { return false }
      return issues.first?.description == "line 1: expected 8 tab-separated columns, found 1"
    }
  }

  @Test func aMissingFileIsAnError() {
    let url = URL(fileURLWithPath: "/nonexistent/cities.txt")
    #expect {
      try Gazetteer(contentsOf: url)
    } throws: { error in
      guard case .unreadable(let path, _) = error as? GazetteerError else { return false }
      return path == "/nonexistent/cities.txt"
        && (error as! GazetteerError).description.hasPrefix(
          "Cannot read the place file /nonexistent/cities.txt: ")
    }
  }

  @Test func errorsSayWhatIsWrong() {
    #expect(
      GazetteerError.noPlaces(path: "f", issues: [GazetteerIssue(line: 1, reason: "bad")])
        .description == "The place file f holds no readable place.\n  line 1: bad")
    #expect(
      GazetteerError.missingResource("x.tsv").description
        == "The shipped place data x.tsv is missing from the AddLocationFeature bundle.")
  }

  /// 170,000 places, the size of `cities1000`: read from `../shared/data/cities1000.tsv` when it
  /// is there, otherwise built here from the shipped names with made-up suffixes.
  @Test func largeInputAgreesWithALinearScan() throws {
    let shared = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/data/cities1000.tsv")
    let gazetteer: Gazetteer
    if FileManager.default.fileExists(atPath: shared.path) {
      gazetteer = try Gazetteer(contentsOf: shared)
      #expect(gazetteer.count == 170_391)
      #expect(gazetteer.issues.isEmpty)
    } else {
      let base = try Gazetteer.shipped().places
      let places = (0..<170_000).map { index in
        var place = base[index % base.count]
        place.id = index
        place.name += index < base.count ? "" : " \(index / base.count)"
        place.population = (index * 7919) % 1_000_000
        return place
      }
      gazetteer = Gazetteer(places: places)
    }
    for query in ["a", "ber", "new y", "san j", "z", "mü", "brus, be"] {
      #expect(gazetteer.search(query) == gazetteer.linearSearch(query), "query \(query)")
    }
  }
}
