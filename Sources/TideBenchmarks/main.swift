import Foundation

// Benchmarks for Tide. Run in release mode: `swift run -c release tide-benchmarks`.
//
// Every row is measured in this run and compared with a baseline measured in the same run, so the
// ratios are meaningful on any machine; the absolute numbers are this machine's.

do {
  let rows =
    await coreBenchmarks() + testingBenchmarks() + exploreBenchmarks() + (try gazetteerBenchmarks())
    + (try await webBenchmarks())
  printTable(rows)
} catch {
  print("tide-benchmarks: \(error)")
  exit(1)
}
