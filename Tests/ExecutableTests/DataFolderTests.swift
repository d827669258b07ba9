import Foundation
import Testing
import TideTestSupport

/// `tide --data FOLDER` keeps the app's saved places across runs; without it, `tide` writes
/// nothing to disk.
@Suite struct DataFolderTests {
  /// Logs in and searches "Brus", Brussels first among the results.
  static let searchesBrussels = """
    .login(.usernameChanged("pritesh"))
    .login(.passwordChanged("Secret1"))
    .login(.loginButtonTapped)
    :advance 1s
    .searchTapped
    .addLocation(.presented(.queryChanged("Brus")))
    :advance 300ms

    """
  static let savesBrussels =
    searchesBrussels + ".addLocation(.presented(.locationTapped(index: 0)))\n"

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
    // The first run says the file is not there yet.
    #expect(
      first.output.contains("There is no \(folder)/saved-locations.json yet"), "\(first.output)")
    #expect(try Self.mode(folder) == 0o700)
    #expect(try Self.mode(scratch.file("missing")) == 0o700)
    let file = folder + "/saved-locations.json"
    #expect(try Self.mode(file) == 0o600)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""name":"Brussels""#))

    // The next run starts from the file: the search marks Brussels as saved.
    let second = try runExecutable(
      named: "tide", arguments: ["--data", folder, "--no-color"],
      input: ":state savedLocations.value[0].name\n" + Self.searchesBrussels + ":view\n")
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
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["home"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: home) == [])
  }

  static func places(_ file: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return list.compactMap { $0["name"] as? String }
  }

  /// The file holds what the session shows: time travel moves it too, once the travel settles;
  /// a new session starts from it; the explore environment saves without a call of its own.
  @Test func theFileFollowsTheSessionThroughTimeTravelAndNewSessions() throws {
    let scratch = try ScratchFolder("data-travel")
    let file = scratch.file("saved-locations.json")
    func run(_ lines: String) throws -> String {
      let result = try runExecutable(
        named: "tide", arguments: ["--data", scratch.path, "--no-color"], input: lines)
      #expect(result.status == 0, "\(result.output)")
      #expect(!result.output.contains("could not be saved"), "\(result.output)")
      #expect(!result.output.contains("nimplemented"), "\(result.output)")
      return result.output
    }
    let addsParis =
      Self.savesBrussels + """
        .searchTapped
        .addLocation(.presented(.queryChanged("Paris")))
        :advance 300ms
        .addLocation(.presented(.locationTapped(index: 0)))

        """
    // Undone: the file is back to Brussels alone.
    _ = try run(addsParis + ":undo\n")
    #expect(try Self.places(file) == ["Brussels"])
    // Back to the start: the places the session started from.
    _ = try run(addsParis + ":jump 0\n")
    #expect(try Self.places(file) == ["Brussels"])
    // A new session starts from the file as it is; the explore environment saves too.
    let output = try run(
      addsParis + """
        :reset
        :state savedLocations.value[1].name
        :env explore
        .login(.usernameChanged("pritesh"))
        :export-test \(scratch.path)/Exported.swift

        """)
    #expect(output.contains("app> :state savedLocations.value[1].name\n\"Paris"), "\(output)")
    #expect(try Self.places(file).count == 2)
    // The exported test spells out the places the session started from.
    let exported = try String(contentsOfFile: scratch.file("Exported.swift"), encoding: .utf8)
    #expect(exported.contains(#"name: "Paris""#), "\(exported)")
    #expect(!exported.contains("initialState: App.State(),"), "\(exported)")
  }

  /// A session loaded from a file re-runs its steps without writing, and the file then holds
  /// where the session ended.
  @Test func aLoadedSessionWritesOnlyWhereItEnds() throws {
    let scratch = try ScratchFolder("data-load")
    let data = scratch.file("data")
    let session = scratch.file("session.tide")
    let saved = try runExecutable(
      named: "tide", arguments: ["--no-color"],
      input: Self.savesBrussels + ":save \(session)\n")
    #expect(saved.status == 0, "\(saved.output)")
    let loaded = try runExecutable(
      named: "tide", arguments: ["--data", data, "--open", session, "--no-color"],
      input: ":state savedLocations.value[0].name\n")
    #expect(loaded.status == 0, "\(loaded.output)")
    #expect(try Self.places(data + "/saved-locations.json") == ["Brussels"])
  }

  @Test func aCorruptFileIsMovedAsideAndTheRunStartsFromNone() throws {
    let scratch = try ScratchFolder("data-corrupt")
    let file = scratch.file("saved-locations.json")
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
    // A link to nothing is named as such.
    let dangling = scratch.file("dangling")
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: scratch.file("nowhere"))
    let linked = try runExecutable(named: "tide", arguments: ["--data", dangling], input: "")
    #expect(linked.status == 2)
    #expect(
      linked.output.contains("tide: error: --data: '\(dangling)' is a symbolic link to nothing"))
  }

  @Test func aFolderOthersCanWriteInIsUsedWithAWarning() throws {
    let scratch = try ScratchFolder("data-shared")
    let folder = scratch.file("shared")
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
    let result = try runExecutable(
      named: "tide", arguments: ["--data", folder, "--no-color"], input: ":state login\n")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("tide: warning: --data: other users can write in '\(folder)'"))
  }
}
