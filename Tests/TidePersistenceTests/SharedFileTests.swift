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

  /// The system reads a name up to its first NUL: `saved.json\u{0}.bak` would read and replace
  /// `saved.json`. Such a name is refused, and the other file left alone.
  @Test func aNameHoldingANULIsRefusedAndTheFileItStartsWithIsLeftAlone() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    try #"["Brussels"]"#.write(toFile: path, atomically: false, encoding: .utf8)
    let file = SharedFile<[String]>(path: path + "\u{0}.bak")
    let reason =
      "its name holds a NUL character (\\u{0}), which ends a file name where the system reads it"
    withKnownIssue {
      let (value, outcome) = file.loadWithOutcome(default: [])
      #expect(value == [] && outcome == .unreadable(reason: reason))
    } matching: { issue in
      issue.comments.first?.rawValue.contains(reason) == true
    }
    #expect(throws: SharedFileError.self) { try file.save(["Lima"]) }
    #expect(try Self.contents(path) == #"["Brussels"]"#)
  }

  /// A name of the 255 bytes a file system allows saves too: the temporary file and the lock
  /// beside it have shorter names.
  @Test func aFileWithA255ByteNameSavesAndLoadsBack() throws {
    let folder = try ScratchFolder("shared-file")
    let name = String(repeating: "é", count: 125) + ".json"
    #expect(name.utf8.count == 255)
    let path = folder.file(name)
    let file = SharedFile<[String]>(path: path)
    try file.save(["Lima"])
    try file.save(["Lima", "Oslo"])
    #expect(SharedFile<[String]>(path: path).load(default: []) == ["Lima", "Oslo"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
  }

  /// Beside a 255-byte name, a corrupt file is still moved aside and a second writer's value
  /// still kept: their names are cut to 200 bytes, as the temporary's is.
  @Test func aFileWithA255ByteNameIsMovedAsideAndKeptBesideUnderACutName() throws {
    let folder = try ScratchFolder("shared-file")
    let name = String(repeating: "é", count: 125) + ".json"
    let path = folder.file(name)
    let cut = folder.file(String(repeating: "é", count: 100) + ".")
    try "not JSON".write(toFile: path, atomically: false, encoding: .utf8)
    let first = SharedFile<[String]>(path: path)
    withKnownIssue {
      #expect(
        first.loadWithOutcome(default: []).outcome
          == .corrupt(reason: "The given data was not valid JSON.", movedTo: cut + "corrupt-1"))
    } matching: { issue in
      issue.comments.first?.rawValue
        == "\(path) does not hold a Swift.Array<Swift.String> (The given data was not valid JSON.): it was moved to \(cut)corrupt-1, and the value starts from the default."
    }
    #expect(try Self.contents(cut + "corrupt-1") == "not JSON")
    try first.save(["Lima"])
    let second = SharedFile<[String]>(path: path)
    #expect(second.load(default: []) == ["Lima"])
    try first.save(["Lima", "Oslo"])
    #expect(throws: SharedFileError.changedElsewhere(path: path, keptAt: cut + "conflict-1")) {
      try second.save(["Quito"])
    }
    #expect(try Self.contents(path) == #"["Lima","Oslo"]"# + "\n")
    #expect(try Self.contents(cut + "conflict-1") == #"["Quito"]"# + "\n")
  }

  /// A value that encodes past what a load reads is not saved: the file keeps the last value a
  /// load can read, and the next save works.
  @Test func aValueLargerThan64MiBIsNotSaved() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    let file = SharedFile<String>(path: path)
    try file.save("small")
    #expect(
      throws: SharedFileError.cannotWrite(
        path: path, reason: "the value encodes to more than 64 MiB, more than a load reads")
    ) {
      try file.save(String(repeating: "x", count: 64 << 20))
    }
    try file.save("still small")
    #expect(SharedFile<String>(path: path).load(default: "") == "still small")
  }

  @Test func anEmptyNameIsUnreadable() throws {
    let file = SharedFile<[String]>(path: "")
    withKnownIssue {
      #expect(
        file.loadWithOutcome(default: []).outcome == .unreadable(reason: "the file name is empty"))
    } matching: { issue in
      issue.comments.first?.rawValue.contains("(the file name is empty)") == true
    }
    #expect(throws: SharedFileError.self) { try file.save(["Lima"]) }
  }

  /// A file past 64 MiB is not read into memory: unreadable, and never saved over.
  @Test func aFileLargerThan64MiBIsUnreadableAndKept() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    let big = "[" + String(repeating: "1,", count: 32 << 20) + "1]"
    try big.write(toFile: path, atomically: false, encoding: .utf8)
    let file = SharedFile<[Int]>(path: path)
    withKnownIssue {
      let (value, outcome) = file.loadWithOutcome(default: [])
      #expect(value == [] && outcome == .unreadable(reason: "it is larger than 64 MiB"))
    } matching: { issue in
      issue.comments.first?.rawValue.contains("it is larger than 64 MiB") == true
    }
    #expect(throws: SharedFileError.self) { try file.save([1]) }
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    #expect(size == big.utf8.count)
  }

  /// The lock beside the file is never opened through a link, which would create a file
  /// wherever the link leads.
  @Test func aLinkInPlaceOfTheLockIsNotFollowed() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    let elsewhere = folder.file("elsewhere")
    try FileManager.default.createSymbolicLink(
      atPath: path + ".lock", withDestinationPath: elsewhere)
    let file = SharedFile<[String]>(path: path)
    #expect(throws: SharedFileError.self) { try file.save(["Lima"]) }
    #expect(!FileManager.default.fileExists(atPath: elsewhere))
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

  /// An empty file (a disk that filled up, a hand-made file) is not an empty value: it is moved
  /// aside like any file that does not decode.
  @Test func anEmptyFileIsMovedAsideLikeAnyFileThatDoesNotDecode() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let file = SharedFile<[String]>(path: path)
    withKnownIssue {
      #expect(
        file.loadWithOutcome(default: ["default"]).outcome
          == .corrupt(reason: "The given data was not valid JSON.", movedTo: path + ".corrupt-1"))
    } matching: { issue in
      issue.comments.first?.rawValue
        == "\(path) does not hold a Swift.Array<Swift.String> (The given data was not valid JSON.): it was moved to \(path).corrupt-1, and the value starts from the default."
    }
    #expect(try Self.contents(path + ".corrupt-1") == "")
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
        == "\(path) holds what another writer wrote, not what was last read or written here; it was left as it is, and this value was written to \(path).conflict-1, as is every later save from the same writer until it saves what the file holds (load the file and take its value)"
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
        == "this SharedFile never read \(path), which holds a value: it was left as it is, and this value was written to \(path).conflict-2, as is every later save until this SharedFile loads the file; save with the SharedFile that loaded the file, or load it with this one first"
    )
    // The first goes on writing: the file is still the one it wrote.
    try first.save(["start", "from first", "again"])
    #expect(try Self.contents(path) == #"["start","from first","again"]"# + "\n")
    // The second, once it loads the file again, writes to it.
    #expect(second.load(default: []) == ["start", "from first", "again"])
    try second.save(["start", "from first", "again", "from second"])
    #expect(try Self.contents(path) == #"["start","from first","again","from second"]"# + "\n")
  }

  /// A file deleted or moved away while the app runs holds nothing to lose: the next save
  /// writes it anew, where it once reported another writer's file and kept every later value
  /// beside it for the rest of the run.
  @Test func aFileDeletedSinceItWasReadIsWrittenAnew() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    let file = SharedFile<[String]>(path: path)
    #expect(file.load(default: [], ifMissing: .expected) == [])
    try file.save(["Lima"])
    try FileManager.default.moveItem(atPath: path, toPath: folder.file("moved.json"))
    try file.save(["Lima", "Oslo"])
    #expect(try Self.contents(path) == #"["Lima","Oslo"]"# + "\n")
    #expect(try Self.contents(folder.file("moved.json")) == #"["Lima"]"# + "\n")
    #expect(!FileManager.default.fileExists(atPath: path + ".conflict-1"))
  }

  /// A folder that is not there is no first launch: loading says so even when a missing file is
  /// expected, and a save names the folder rather than the lock it could not make.
  @Test func aFileWhoseFolderIsMissingSaysSo() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("gone") + "/saved.json"
    let file = SharedFile<[String]>(path: path)
    withKnownIssue {
      #expect(file.load(default: ["default"], ifMissing: .expected) == ["default"])
    } matching: { issue in
      issue.comments.first?.rawValue
        == "There is no folder \(folder.file("gone")) for \(path): starting from the default value, and every save fails until the folder is made."
    }
    #expect(
      throws: SharedFileError.cannotWrite(
        path: path, reason: "its folder \(folder.file("gone")) does not exist")
    ) {
      try file.save(["Lima"])
    }
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

  /// A file reached through a symbolic link (a data folder that links to a synced folder):
  /// read and written where the link leads, and the link stays a link.
  @Test func aLinkedFileIsReadAndWrittenWhereTheLinkLeads() throws {
    let folder = try ScratchFolder("shared-file")
    try FileManager.default.createDirectory(
      atPath: folder.file("elsewhere"), withIntermediateDirectories: false)
    let real = folder.file("elsewhere/real.json")
    try #"["Rome"]"#.write(toFile: real, atomically: false, encoding: .utf8)
    // A relative link to a relative link.
    #expect(symlink("elsewhere/real.json", folder.file("middle.json")) == 0)
    #expect(symlink("middle.json", folder.file("saved.json")) == 0)
    let file = SharedFile<[String]>(path: folder.file("saved.json"))
    #expect(file.load(default: []) == ["Rome"])
    try file.save(["Rome", "Oslo"])
    #expect(try Self.contents(real) == #"["Rome","Oslo"]"# + "\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("saved.json"))
        == "middle.json")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("elsewhere")).sorted() == [
        "real.json", "real.json.lock",
      ])
    // The file named directly is the same file: a second writer of it.
    let direct = SharedFile<[String]>(path: real)
    #expect(direct.load(default: []) == ["Rome", "Oslo"])
    try direct.save(["Lima"])
    #expect(
      throws: SharedFileError.changedElsewhere(
        path: folder.file("saved.json"), keptAt: real + ".conflict-1")
    ) {
      try file.save(["Rome", "Oslo", "Bern"])
    }
    #expect(try Self.contents(real) == #"["Lima"]"# + "\n")
  }

  /// A link to a file not made yet is a missing file, which the first save makes; links that
  /// loop are an unreadable file, never written over.
  @Test func aDanglingLinkIsAMissingFileAndALoopAnUnreadableOne() throws {
    let folder = try ScratchFolder("shared-file")
    let path = folder.file("saved.json")
    #expect(symlink(folder.file("later.json"), path) == 0)
    let file = SharedFile<[String]>(path: path)
    withKnownIssue {
      #expect(file.load(default: ["default"]) == ["default"])
    } matching: { issue in
      issue.comments.first?.rawValue
        == "There is no \(folder.file("later.json")) (where the link \(path) leads) yet: starting from the default value, which the first save writes there."
    }
    try file.save(["Lima"])
    #expect(try Self.contents(folder.file("later.json")) == #"["Lima"]"# + "\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: path) == folder.file("later.json"))

    let loop = folder.file("loop.json")
    #expect(symlink("loop.json", loop) == 0)
    let looping = SharedFile<[String]>(path: loop)
    withKnownIssue {
      let (value, outcome) = looping.loadWithOutcome(default: [])
      #expect(value == [] && outcome == .unreadable(reason: "Too many levels of symbolic links"))
    } matching: { issue in
      issue.comments.first?.rawValue
        == "\(loop) could not be read (Too many levels of symbolic links): starting from the default value, and not writing over the file."
    }
    #expect(
      throws: SharedFileError.unreadable(path: loop, reason: "Too many levels of symbolic links")
    ) {
      try looping.save(["Oslo"])
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: loop) == "loop.json")
  }

  /// A link to `/dev/null` (to throw saves away), to a folder or to a pipe, or such a thing at
  /// the path itself: unreadable, and never moved aside or replaced by a plain file.
  @Test func whatIsNotARegularFileIsNeverReadMovedOrReplaced() throws {
    let folder = try ScratchFolder("shared-file")
    try FileManager.default.createDirectory(
      atPath: folder.file("a-folder"), withIntermediateDirectories: false)
    #expect(mkfifo(folder.file("a-pipe"), 0o600) == 0)
    #expect(symlink("/dev/null", folder.file("null.json")) == 0)
    #expect(symlink("a-folder", folder.file("folder.json")) == 0)
    let cases = [
      ("null.json", "a character device"), ("folder.json", "a folder"),
      ("a-pipe", "a pipe"), ("a-folder", "a folder"),
    ]
    for (name, kind) in cases {
      let path = folder.file(name)
      let file = SharedFile<[String]>(path: path)
      withKnownIssue {
        #expect(
          file.loadWithOutcome(default: []).outcome
            == .unreadable(reason: "it is \(kind), not a file"))
      } matching: { issue in
        issue.comments.first?.rawValue
          == "\(path) could not be read (it is \(kind), not a file): starting from the default value, and not writing over the file."
      }
      #expect(throws: SharedFileError.unreadable(path: path, reason: "it is \(kind), not a file")) {
        try file.save(["Oslo"])
      }
    }
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("null.json"))
        == "/dev/null")
    // Nothing was made beside any of them: no lock, no file moved aside.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "a-folder", "a-pipe", "folder.json", "null.json",
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("a-folder")) == [])
    // Once what could not be read is gone, nothing is left to lose: a save writes the file.
    let pipe = SharedFile<[String]>(path: folder.file("a-pipe"))
    withKnownIssue {
      _ = pipe.load(default: [])
    } matching: { issue in
      issue.comments.first?.rawValue.contains("(it is a pipe, not a file)") == true
    }
    #expect(unlink(folder.file("a-pipe")) == 0)
    try pipe.save(["Oslo"])
    #expect(try Self.contents(folder.file("a-pipe")) == #"["Oslo"]"# + "\n")
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
