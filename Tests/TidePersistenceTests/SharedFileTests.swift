import Foundation
import Testing
import Tide
import TidePersistence
import TideTestSupport
import TideTesting

/// A shared file keeps a value between runs: written whole, owner-only; a missing, corrupt or
/// unreadable file gives the default and says so, without writing over what could be
/// recovered; two writers keep both values.
@Suite struct SharedFileTests {
  static func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func aSavedValueLoadsBackFromAnOwnerOnlyFileWrittenWhole() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    let file = SharedFile<[String]>(path: path)
    withKnownIssue {
      #expect(file.load(default: ["default"]) == ["default"])
    } matching: { issue in
      issue.comments.first?.rawValue
        == "There is no \(path) yet: starting from the default value, which the first save writes there."
    }
    // Expected missing (a first launch): the default, and no report, which would fail the test.
    #expect(file.load(default: ["first"], ifMissing: .expected) == ["first"])
    let missing = file.loadWithOutcome(default: [], ifMissing: .expected)
    #expect(missing.outcome == .missing && !missing.outcome.lostSavedData)
    try file.save(["Brussels", "Lima"])
    try file.save(["Brussels", "Lima", "Oslo"])
    #expect(try Self.contents(path) == #"["Brussels","Lima","Oslo"]"# + "\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    // Nothing is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "saved.json", "saved.json.lock",
      ])
    // Another run reads it.
    #expect(SharedFile<[String]>(path: path).load(default: []) == ["Brussels", "Lima", "Oslo"])
    let loaded = SharedFile<[String]>(path: path).loadWithOutcome(default: [])
    #expect(loaded.value == ["Brussels", "Lima", "Oslo"] && loaded.outcome == .loaded)
  }

  @Test func aCorruptFileIsMovedAsideAndTheValueStartsFromTheDefault() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    try #"["Brussels", 42]"#.write(toFile: path, atomically: false, encoding: .utf8)
    let file = SharedFile<[String]>(path: path)
    withKnownIssue {
      let (value, outcome) = file.loadWithOutcome(default: [])
      #expect(value == [])
      #expect(
        outcome == .corrupt(reason: "expected String at Index 1", movedTo: path + ".corrupt-1"))
      #expect(outcome.lostSavedData)
    } matching: { issue in
      issue.comments.first?.rawValue
        == "\(path) does not hold a Swift.Array<Swift.String> (expected String at Index 1): it was moved to \(path).corrupt-1, and the value starts from the default."
    }
    // What was there can still be recovered; the next save writes a new file.
    #expect(try Self.contents(path + ".corrupt-1") == #"["Brussels", 42]"#)
    try file.save(["Lima"])
    #expect(try Self.contents(path) == #"["Lima"]"# + "\n")
  }

  /// Two writers of one file (two processes, or two `SharedFile`s): the second finds the file
  /// changed since it read it, leaves it, and keeps its own value beside it.
  @Test func twoWritersKeepBothValues() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    try SharedFile<[String]>(path: path).save(["start"])
    let first = SharedFile<[String]>(path: path)
    let second = SharedFile<[String]>(path: path)
    #expect(first.load(default: []) == ["start"])
    #expect(second.load(default: []) == ["start"])
    try first.save(["start", "from first"])
    #expect(throws: SharedFileError.changedElsewhere(path: path, keptAt: path + ".conflict-1")) {
      try second.save(["start", "from second"])
    }
    #expect(try Self.contents(path) == #"["start","from first"]"# + "\n")
    #expect(try Self.contents(path + ".conflict-1") == #"["start","from second"]"# + "\n")
    #expect(
      "\(SharedFileError.changedElsewhere(path: path, keptAt: path + ".conflict-1"))"
        == "\(path) holds what another writer wrote, not what was last read or written here; it was left as it is, and this value was written to \(path).conflict-1"
    )
    // Its next save keeps to the same file beside it: one per run, however many saves.
    #expect(throws: SharedFileError.changedElsewhere(path: path, keptAt: path + ".conflict-1")) {
      try second.save(["start", "from second", "again"])
    }
    #expect(try Self.contents(path + ".conflict-1") == #"["start","from second","again"]"# + "\n")
    // A writer that never read the file keeps its value beside it too, and says so.
    let third = SharedFile<[String]>(path: path)
    #expect(throws: SharedFileError.neverRead(path: path, keptAt: path + ".conflict-2")) {
      try third.save(["third"])
    }
    #expect(
      "\(SharedFileError.neverRead(path: path, keptAt: path + ".conflict-2"))"
        == "this SharedFile never read \(path), which holds a value: it was left as it is, and this value was written to \(path).conflict-2; save with the SharedFile that loaded the file, or load it with this one first"
    )
    // The first goes on writing: the file is still the one it wrote.
    try first.save(["start", "from first", "again"])
    #expect(try Self.contents(path) == #"["start","from first","again"]"# + "\n")
  }

  /// A folder that cannot hold the file: a save throws why, and the file is not touched.
  @Test func aFileThatCannotBeWrittenSaysWhy() throws {
    let folder = try ScratchFolder("shared-file")
    // A path under a regular file fails for every user, root included.
    let notAFolder = folder.file("plain")
    try "x".write(toFile: notAFolder, atomically: false, encoding: .utf8)
    let path = notAFolder + "/saved.json"
    let file = SharedFile<[String]>(path: path)
    withKnownIssue {
      let (value, outcome) = file.loadWithOutcome(default: [])
      #expect(value == [] && outcome == .unreadable(reason: "Not a directory"))
      #expect(outcome.lostSavedData)
    } matching: { issue in
      issue.comments.first?.rawValue
        == "\(path) could not be read (Not a directory): starting from the default value, and not writing over the file."
    }
    // The lock beside the file, taken first, cannot be made either.
    #expect(throws: SharedFileError.cannotWrite(path: path + ".lock", reason: "Not a directory")) {
      try file.save(["Lima"])
    }
  }

  /// A read-only folder (the permission is not checked for root, which CI runs as).
  @Test(.enabled(if: geteuid() != 0, "root writes into read-only folders"))
  func aReadOnlyFolderSaysWhy() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    try SharedFile<[String]>(path: path).save(["Lima"])
    let file = SharedFile<[String]>(path: path)
    #expect(file.load(default: []) == ["Lima"])
    chmod(folder.path, 0o500)
    defer { chmod(folder.path, 0o700) }
    #expect(throws: SharedFileError.cannotWrite(path: path, reason: "Permission denied")) {
      try file.save(["Oslo"])
    }
    #expect(try Self.contents(path) == #"["Lima"]"# + "\n")
  }
}
