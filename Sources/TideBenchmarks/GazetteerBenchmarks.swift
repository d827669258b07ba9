import AddLocationFeature
import Foundation

/// Query times, one query at a time, summarised as median and 99th percentile.
func queryTimes(_ queries: [String], _ search: (String) -> [Location]) -> (
  median: Double, p99: Double
) {
  let clock = ContinuousClock()
  for query in queries.prefix(200) { blackHole(search(query)) }  // warm up
  var times: [Double] = []
  times.reserveCapacity(queries.count)
  for query in queries {
    let start = clock.now
    blackHole(search(query))
    times.append(nanoseconds(start.duration(to: clock.now)))
  }
  times.sort()
  return (times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)])
}

/// Prefixes (2 to 6 characters) of place names, picked with a fixed seed: what people type.
func sampleQueries(_ places: [Location], count: Int) -> [String] {
  var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(truncatingIfNeeded: seed >> 33)
  }
  return (0..<count).map { _ in
    let name = places[next() % places.count].name
    return String(name.prefix(2 + next() % 5))
  }
}

func gazetteerBenchmarks() throws -> [BenchmarkRow] {
  var rows: [BenchmarkRow] = []
  let shippedURL = try Gazetteer.shippedFiles().places
  let load = measure(operations: 1, rounds: 5) {
    blackHole(try? Gazetteer(contentsOf: shippedURL))
  }
  rows.append(
    BenchmarkRow(
      group: "gazetteer", name: "load the shipped table (34,006 places)", nanoseconds: load,
      target: .time(atMost: 60e6, strict: true, "< 60 ms"),
      note: "\(format(load / 1e6, digits: 1)) ms: parse, fold names, sort the index"))

  var sets: [(String, Gazetteer)] = [("34k", try Gazetteer(contentsOf: shippedURL))]
  let large = URL(fileURLWithPath: "../shared/data/cities1000.tsv")
  if FileManager.default.fileExists(atPath: large.path) {
    sets.append(("170k", try Gazetteer(contentsOf: large)))
  } else {
    print("note: ../shared/data/cities1000.tsv not found; 170k rows skipped")
  }
  for (label, gazetteer) in sets {
    let queries = sampleQueries(gazetteer.places, count: 5_000)
    let linear = queryTimes(Array(queries.prefix(500))) { gazetteer.linearSearch($0) }
    let indexed = queryTimes(queries) { gazetteer.search($0) }
    let places = "\(gazetteer.count) places"
    rows.append(
      BenchmarkRow(
        group: "gazetteer", name: "linear scan, median (\(label))", nanoseconds: linear.median,
        note: places))
    rows.append(
      BenchmarkRow(
        group: "gazetteer", name: "linear scan, p99 (\(label))", nanoseconds: linear.p99))
    rows.append(
      BenchmarkRow(
        group: "gazetteer", name: "indexed query, median (\(label))", nanoseconds: indexed.median,
        baseline: "linear scan, median (\(label))",
        target: label == "34k"
          ? .time(atMost: 20_000, strict: true, "< 20,000 ns")
          : .time(atMost: 50_000, strict: true, "< 50,000 ns")))
    rows.append(
      BenchmarkRow(
        group: "gazetteer", name: "indexed query, p99 (\(label))", nanoseconds: indexed.p99,
        baseline: "linear scan, p99 (\(label))"))
  }
  return rows
}
