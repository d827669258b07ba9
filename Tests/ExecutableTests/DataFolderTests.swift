import Foundation
import Testing
import TideTestSupport

/// `tide --data FOLDER` keeps the app's saved places across runs; without it, `tide` writes
/// nothing to disk.
@Suite struct DataFolderTests {
  static let savesBrussels = """
    .login(.usernameChanged("pritesh"))
    .login(.passwordChanged("Secret1"))
    .login(.loginButtonTapped)
    :advance 1s
    .searchTapped
    .addLocation(.presented(.queryChanged("Brus")))
    :advance 300ms
    .addLocation(.presented(.locationTapped(index: 0)))

    """

  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func savedPlacesOutliveTheRunInAnOwnerOnlyFolder() throws {
    let scratch = try ScratchFolder("data-folder")
    // Missing, with a missing parent: both are made, owner-only.
    let folder = scratch.file("missing/data")
    let first = try runExecutable(
      named: "tide", arguments: ["--data", folder, "--no-color"], input: Self.savesBrussels)
    #expect(first.status == 0, "\(first.output)")
    // The first run says the file is not there yet, and shows the save.
    #expect(first.output.contains("There is no \(folder)/saved-places.json yet"), "\(first.output)")
    #expect(first.output.contains(#".run("save \"savedLocations\"")"#), "\(first.output)")
    #expect(try Self.mode(folder) == 0o700)
    #expect(try Self.mode(scratch.file("missing")) == 0o700)
    let file = folder + "/saved-places.json"
    #expect(try Self.mode(file) == 0o600)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""name":"Brussels""#))

    // The next run starts from the file: the search marks Brussels as saved.
    let second = try runExecutable(
      named: "tide", arguments: ["--data", folder, "--no-color"],
      input: """
        :state savedLocations.value[0].name
        .login(.usernameChanged("pritesh"))
        .login(.passwordChanged("Secret1"))
        .login(.loginButtonTapped)
        :advance 1s
        .searchTapped
        .addLocation(.presented(.queryChanged("Brus")))
        :advance 300ms
        :view

        """)
    #expect(second.status == 0, "\(second.output)")
    #expect(second.output.contains("app> :state savedLocations.value[0].name\n\"Brussels\""))
    #expect(!second.output.contains("There is no"), "\(second.output)")
    #expect(second.output.contains("isSaved: true"), "\(second.output)")
  }

  @Test func withoutDataNothingIsWritten() throws {
    let scratch = try ScratchFolder("no-data")
    let home = scratch.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    let result = try runExecutable(
      named: "tide", arguments: ["--no-color"], input: Self.savesBrussels,
      environment: ["HOME": home, "TMPDIR": home], currentDirectory: scratch.url)
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains(#".run("save"#), "\(result.output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["home"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: home) == [])
  }

  @Test func aCorruptFileIsMovedAsideAndTheRunStartsFromNone() throws {
    let scratch = try ScratchFolder("data-corrupt")
    let file = scratch.file("saved-places.json")
    try "{not json".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try runExecutable(
      named: "tide", arguments: ["--data", scratch.path, "--no-color"],
      input: ":state savedLocations.value\n")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("it was moved to \(file).corrupt-1"), "\(result.output)")
    #expect(result.output.contains("app> :state savedLocations.value\n[]"))
    #expect(try String(contentsOfFile: file + ".corrupt-1", encoding: .utf8) == "{not json")
  }

  @Test func aDataPathThatIsNotAFolderIsRefused() throws {
    let scratch = try ScratchFolder("data-file")
    let file = scratch.file("a-file")
    try "x".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try runExecutable(named: "tide", arguments: ["--data", file], input: "")
    #expect(result.status == 2)
    #expect(result.output.contains("tide: error: --data: '\(file)' is not a folder"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    let empty = try runExecutable(named: "tide", arguments: ["--data"], input: "")
    #expect(empty.status == 2)
    #expect(empty.output.contains("tide: error: --data needs a value"))
    let help = try runExecutable(named: "tide", arguments: ["--help"])
    #expect(help.output.contains("--data <folder>    keep what the features save in this folder"))
  }
}
