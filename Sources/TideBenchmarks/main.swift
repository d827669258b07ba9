import Foundation

// Benchmarks for Tide. Run in release mode: `swift run -c release tide-benchmarks`.
//
// Every row is measured in this run and compared with a baseline measured in the same run, so the
// ratios are meaningful on any machine; the absolute numbers are this machine's.

// `tide-benchmarks GROUP…` runs only those groups (runtime, testing, explore, record, attach,
// gazetteer, web), or `collections`: the rows of runtime that time IdentifiedArray, StackState
// and Effect values used from another module.
// `tide-benchmarks profile NAME COUNT` runs one loop of sends for an instruction count (see
// ProfileLoops.swift), and prints nothing.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "profile" {
  guard CommandLine.arguments.count == 4, let count = Int(CommandLine.arguments[3]), count > 0,
    await runProfileLoop(CommandLine.arguments[2], count: count)
  else {
    print(
      "tide-benchmarks: profile takes a loop (\(profileLoopNames.joined(separator: ", "))) and a positive count"
    )
    exit(2)
  }
  exit(0)
}
let groups = Set(CommandLine.arguments.dropFirst())
func wanted(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }

do {
  var rows: [BenchmarkRow] = []
  if wanted("runtime") { rows += await coreBenchmarks() }
  if groups.contains("collections") { rows += collectionBenchmarks(operations: 1_000_000) }
  if wanted("testing") { rows += await testingBenchmarks() }
  if wanted("explore") { rows += await exploreBenchmarks() }
  if wanted("record") { rows += await recordingBenchmarks() }
  if wanted("attach") { rows += try await attachBenchmarks() }
  if wanted("gazetteer") { rows += try gazetteerBenchmarks() }
  if wanted("web") { rows += try await webBenchmarks() }
  guard !rows.isEmpty else {
    print(
      "tide-benchmarks: no group named \(groups.sorted().joined(separator: ", ")); the groups are runtime, collections, testing, explore, record, attach, gazetteer and web"
    )
    exit(2)
  }
  printTable(rows)
} catch {
  print("tide-benchmarks: \(error)")
  exit(1)
}
