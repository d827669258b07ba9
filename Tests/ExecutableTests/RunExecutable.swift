import Foundation
import TideTestSupport

/// Runs a product built next to the test bundle and returns its exit status and combined output.
func runExecutable(
  named name: String, arguments: [String] = [], input: String? = nil,
  inputBytes: [UInt8]? = nil, environment: [String: String] = [:], currentDirectory: URL? = nil
) throws -> (status: Int32, output: String) {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let executable = directory.appendingPathComponent(name)
  guard FileManager.default.isExecutableFile(atPath: executable.path) else {
    throw MissingExecutable(path: executable.path)
  }
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let currentDirectory { process.currentDirectoryURL = currentDirectory }
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  let stdin = Pipe()
  process.standardInput = stdin
  try process.run()
  process.killIfRunning(after: Int(failureDetectorSeconds))
  if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
  if let inputBytes { stdin.fileHandleForWriting.write(Data(inputBytes)) }
  try stdin.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

struct MissingExecutable: Error, CustomStringConvertible {
  let path: String
  var description: String { "No executable at \(path); build the package first (swift build)." }
}
