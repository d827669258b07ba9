import Foundation
import TidePersistence
import TideStress

// The runtime's promises at full size. Run in release mode:
//
//     swift run -c release tide-stress [--seed N] [--only NAME]
//
// Prints one report per scenario with its counts and time, and exits with status 1 if any
// promise broke. `.ci/run` runs it on every change.

// `tide-stress --write-shared-file PATH` saves ever newer values to PATH with a `SharedFile`
// until it is killed, printing `saved N` after each: a test kills it at any point and checks that
// the file holds a whole value.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--write-shared-file" {
  let file = SharedFile<[String]>(path: CommandLine.arguments[2])
  // Read first, as an app does: a file this one never read is another writer's, and is kept.
  _ = file.load(default: [])
  let filler = String(repeating: "x", count: 1000)
  print("writing: \(file.path)")
  fflush(nil)
  for number in 1... {
    // About half a megabyte a value: long enough that a kill often lands inside a write.
    try file.save(["\(number)"] + Array(repeating: filler, count: 500))
    print("saved \(number)")
    fflush(nil)
  }
}

var seed = UInt64(Date().timeIntervalSince1970)
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--seed":
    guard let text = arguments.popFirst(), let value = UInt64(text) else {
      print("tide-stress: --seed needs a whole number from 0 to \(UInt64.max)")
      exit(2)
    }
    seed = value
  case "--only":
    guard let text = arguments.popFirst() else {
      print("tide-stress: --only needs part of a scenario's name, such as 'order'")
      exit(2)
    }
    filter = text
  default:
    print(
      "tide-stress: unknown argument '\(argument)'. Usage: tide-stress [--seed N] [--only NAME], or tide-stress --write-shared-file PATH"
    )
    exit(2)
  }
}

print("tide-stress: seed \(seed)")
let reports = await StressScenarios.runAll(sizes: .full, seed: seed, filter: filter)
if reports.isEmpty {
  print("tide-stress: no scenario's name contains '\(filter ?? "")'")
  exit(2)
}
for report in reports { print(report) }
let failed = reports.filter { !$0.passed }
print(
  "tide-stress: \(reports.count - failed.count) of \(reports.count) scenarios kept their promises")
exit(failed.isEmpty ? 0 : 1)
