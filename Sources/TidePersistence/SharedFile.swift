import Foundation
import Tide

/// A file that keeps a shared value between runs of an app: JSON, written whole and atomically,
/// readable by its owner only.
///
/// Load it once, when you make the initial state, and save it from the reducer with
/// `persisting(_:debounce:clock:save:)`:
///
/// ```swift
/// let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())").path
/// try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
/// let file = SharedFile<[String]>(path: folder + "/saved.json")
/// var saved = Shared(key: "saved", value: file.load(default: []))
/// saved.value.append("Brussels")
/// try file.save(saved.value)
/// print(file.load(default: []))  // ["Brussels"]
/// try FileManager.default.removeItem(atPath: folder)
/// ```
///
/// What it guarantees:
/// - **A write is whole.** A value is written to a new file beside the file (mode 0600), synced,
///   then renamed over it: a process killed at any moment leaves the old file or the new one,
///   never a part of either. What a killed writer left beside it is removed by the next load.
/// - **Nothing is lost silently.** A missing file gives the default, and says so. A file that
///   does not decode gives the default too, and is first moved aside (to `PATH.corrupt-1`, …),
///   so that the next save does not write over what could still be recovered; the report names
///   where it went. (A name longer than 200 bytes is cut to 200 in the names of the files
///   beside it, which a file system's 255-byte limit would otherwise refuse.) A file that cannot be read is not written over.
/// - **Two writers.** Each save holds an advisory lock on `PATH.lock` while it reads the file,
///   compares it with what this one last read or wrote, and writes it. When another writer (a
///   process, or another `SharedFile` on the same path) wrote the file since, the save leaves
///   that file as it is, writes its own value beside it (`PATH.conflict-1`, one file for the
///   writer, rewritten by each of its later saves until it saves what the file holds, or for a
///   save outside a store until this one loads the file again) and throws
///   ``SharedFileError/changedElsewhere(path:keptAt:)``: both values are on disk, and the report
///   says where. So make **one `SharedFile` per file** and use it to load and to save: a second
///   one that never read the file is another writer, and its save throws
///   ``SharedFileError/neverRead(path:keptAt:)``. A file deleted or moved away since is no
///   conflict: there is nothing at the path to lose, and the save writes it anew.
/// - **Two stores, one file.** Stores (two windows of an app) that save through one
///   `SharedFile` with `persisting` are two writers too: a store's save must find what that
///   store last wrote there, or before its first save, what the last load before the store was
///   made read. So make each store's value from a load: a store made before a newer load, or
///   from another store's value, whose save finds the file changed keeps its value beside it,
///   as above, in a conflict file of its own, until it saves what the file holds (a window that
///   reloads, taking the file's value, goes on from it). A save the app makes
///   itself, outside a store (as it goes to the background), writes when the file holds what
///   this one last read or wrote, and the stores that were up to date with the file go on from
///   it, whether they had saved yet or not; one that was behind stays behind. With several
///   windows, such a save of one window's value lets another that was up to date write over it
///   later: there, let each window's `persisting` save its own value. A store is known to the file only
///   when its root's state is `SharedState` and the environment's save calls `save(_:)` in the
///   task `persisting` runs it in (not on a dispatch queue): otherwise its saves are the app's
///   own. It remembers the stores that saved last (at least 256, at most 512), so that a
///   process that makes a store for each request does not keep one for each for good: a store
///   forgotten saves as one made from the load before it, and if the file changed since, its
///   value is kept beside it, as above, even when the change was its own.
/// - **Symbolic links are followed**, for reading and writing alike: a save writes the file the
///   link leads to (through a temporary file beside it, in its folder), and the link stays. The
///   lock, a corrupt file moved aside and a conflict file go beside that file too, so a writer
///   that names it through the link and one that names it directly are two writers of one
///   file. A link whose target does not exist is a missing file, which the first save creates
///   (when the target's folder exists); links that loop make the file unreadable.
/// - **Only a regular file** is read or written: a folder, a device (a link to `/dev/null`), a
///   pipe or a socket at the path, or where its links lead, is unreadable, and never moved
///   aside or replaced.
///
/// Reports go where Tide reports runtime issues: a runtime warning in an app, a failing test in
/// a test target that links TideTesting (a missing file too, unless loaded with
/// `ifMissing: .expected`).
public final class SharedFile<Value: Codable & Sendable>: Sendable {
  /// The file's path.
  public let path: String

  /// What this one knows of the file: a digest of the bytes it read or wrote (`nil`: there
  /// was no file), or that it could not read it. A digest, not the bytes: the memory keeps one
  /// for each load, each store and each save outside a store, and a file may hold 64 MiB.
  private enum Known {
    case bytes(FileDigest?)
    case unreadable(String)
  }

  private struct Memory {
    /// What the file held when this one last read or wrote it.
    var known: Known?
    /// What each load read, with when (numbered as stores are, by `SharedSaveOrigin`): a store
    /// that has not saved yet was made from the latest before it was made. The last 64.
    var loads: [(moment: UInt64, known: Known)] = []
    /// What each store that saved through this one last wrote (by `SharedSaveOrigin`), with
    /// when: its next save must find that in the file, or another store wrote since, from a
    /// value this one's never saw. The stores that saved last, at most ``storesKept``: a
    /// process that makes a store for each request must not keep one for each for good. A
    /// store forgotten saves as one made from the load before it: behind, if the file changed
    /// since, and kept beside it.
    var writtenByStore: [UInt64: (digest: FileDigest, moment: UInt64)] = [:]
    /// Where each store (0: saves made outside a store) keeps its values while another
    /// writer's file is in the way: one file each, until that writer saves what the file holds
    /// (for saves outside a store, until this one loads the file again). At most
    /// ``storesKept``, the latest; a store forgotten keeps its next conflict in a new file.
    var conflictPaths: [UInt64: (path: String, moment: UInt64)] = [:]

    /// How many stores' saves it remembers; it forgets the older half once it holds twice as
    /// many.
    static var storesKept: Int { 256 }

    /// Notes that `store` last wrote `digest`, forgetting the stores that saved longest ago
    /// past ``storesKept``.
    mutating func note(_ digest: FileDigest, writtenBy store: UInt64) {
      writtenByStore[store] = (digest, SharedSaveOrigin.next())
      Self.forgetOldest(&writtenByStore, moment: \.moment)
    }

    /// Notes where `store` keeps its conflicting values.
    mutating func note(conflictPath path: String, of store: UInt64) {
      conflictPaths[store] = (path, SharedSaveOrigin.next())
      Self.forgetOldest(&conflictPaths, moment: \.moment)
    }

    /// Keeps the latest ``storesKept`` of `entries` once it holds twice as many.
    private static func forgetOldest<Entry>(
      _ entries: inout [UInt64: Entry], moment: (Entry) -> UInt64
    ) {
      guard entries.count > 2 * storesKept else { return }
      let kept = entries.sorted { moment($0.value) > moment($1.value) }.prefix(storesKept)
      entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }

    /// Notes what a load found: the value the stores made next are made from; a later conflict
    /// of a save outside a store is kept in a file of its own.
    mutating func read(_ found: Known) {
      known = found
      loads.append((SharedSaveOrigin.next(), found))
      if loads.count > 64 { loads.removeFirst(loads.count - 64) }
      conflictPaths[0] = nil
    }

    /// The saves made outside a store that this one wrote, in order: what the file held
    /// before, and what it holds after. The last 64.
    var ownSaves: [(moment: UInt64, before: FileDigest?, after: FileDigest)] = []

    /// What `store`'s save must find in the file: what it last wrote; or, before its first,
    /// what the last load before it was made read, carried through the saves made outside a
    /// store since (the app saving as it goes to the background); `nil` when there was none.
    func expected(by store: UInt64) -> Known? {
      if let written = writtenByStore[store] { return .bytes(written.digest) }
      guard let load = loads.last(where: { $0.moment < store }) else { return nil }
      guard case .bytes(var held) = load.known else { return load.known }
      for save in ownSaves where save.moment > load.moment && save.before == held {
        held = save.after
      }
      return .bytes(held)
    }
  }

  private let memory = Lock(Memory())

  /// How many stores' saves it remembers now: for tests.
  var rememberedStores: Int { memory.withLock { $0.writtenByStore.count } }

  /// A file at `path`; nothing is read until ``load(default:ifMissing:)``.
  ///
  /// ```swift
  /// let file = SharedFile<[String]>(path: "/tmp/example-saved.json")
  /// ```
  ///
  /// - Parameters:
  ///   - path: Where the value is kept. Its folder must exist.
  public init(path: String) {
    self.path = path
  }

  /// The value the file holds, or `defaultValue` when there is none or it does not decode
  /// (reported; a file that does not decode is moved aside first).
  ///
  /// A missing file is reported too, unless `ifMissing` is ``MissingFile/expected``: a report
  /// fails a test, and an app's first launch, or a test that starts from no file, has none yet.
  /// ``loadWithOutcome(default:ifMissing:)`` also says which happened.
  ///
  /// <!-- example: given file: SharedFile<[String]> -->
  /// ```swift
  /// let saved = file.load(default: [])
  /// let quietly = file.load(default: [], ifMissing: .expected)
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The value to start from when the file gives none.
  ///   - ifMissing: Whether a missing file is reported (the default) or expected.
  /// - Returns: The value.
  public func load(default defaultValue: Value, ifMissing: MissingFile = .report) -> Value {
    loadWithOutcome(default: defaultValue, ifMissing: ifMissing).value
  }

  /// Loads as ``load(default:ifMissing:)`` does, reporting the same, and says what it found: an
  /// app can tell its user that saved data could not be read (``LoadOutcome/lostSavedData``).
  ///
  /// <!-- example: given file: SharedFile<[String]> -->
  /// ```swift
  /// let (saved, outcome) = file.loadWithOutcome(default: [], ifMissing: .expected)
  /// if outcome.lostSavedData { print("Your saved places could not be read; they were kept aside.") }
  /// ```
  ///
  /// - Parameters:
  ///   - defaultValue: The value to start from when the file gives none.
  ///   - ifMissing: Whether a missing file is reported (the default) or expected.
  /// - Returns: The value, and what the load found.
  public func loadWithOutcome(
    default defaultValue: Value, ifMissing: MissingFile = .report
  ) -> (value: Value, outcome: LoadOutcome) {
    let file: String
    switch FileBytes.target(of: path) {
    case .success(let target): file = target
    case .failure(let failure): return unreadable(failure.reason, default: defaultValue)
    }
    FileBytes.removeAbandonedTemporaries(beside: file)
    switch FileBytes.read(file) {
    case .missing:
      memory.withLock { $0.read(.bytes(nil)) }
      // A folder that is not there is no first launch: every save would fail.
      guard FileBytes.folderExists(of: file) else {
        IssueReporter.current.report(
          "There is no folder \(FileBytes.folderName(of: file)) for \(file): starting from the default value, and every save fails until the folder is made."
        )
        return (defaultValue, .missing)
      }
      if ifMissing == .report {
        let name = file == path ? path : "\(file) (where the link \(path) leads)"
        IssueReporter.current.report(
          "There is no \(name) yet: starting from the default value, which the first save writes there."
        )
      }
      return (defaultValue, .missing)
    case .failed(let reason):
      return unreadable(reason, default: defaultValue)
    case .bytes(let bytes):
      do {
        let value = try JSONDecoder().decode(Value.self, from: Data(bytes))
        memory.withLock { $0.read(.bytes(FileDigest(bytes))) }
        return (value, .loaded)
      } catch {
        let decodingError = Self.reason(error)
        do {
          // Under the lock, and only if the file is still what was read: another writer may
          // have just replaced it with a good one.
          let aside = try FileBytes.withLock(beside: file) {
            () throws(SharedFileError) -> String? in
            guard case .bytes(let now) = FileBytes.read(file), now == bytes else { return nil }
            let aside = try FileBytes.unusedPath(beside: file, suffix: "corrupt")
            guard rename(file, aside) == 0 else {
              throw .cannotWrite(path: aside, reason: String(cString: strerror(errno)))
            }
            return aside
          }
          guard let aside else {
            return loadWithOutcome(default: defaultValue, ifMissing: ifMissing)
          }
          memory.withLock { $0.read(.bytes(nil)) }
          IssueReporter.current.report(
            "\(path) does not hold a \(String(reflecting: Value.self)) (\(decodingError)): it was moved to \(aside), and the value starts from the default."
          )
          return (defaultValue, .corrupt(reason: decodingError, movedTo: aside))
        } catch {
          let reason = "\(error)"
          memory.withLock {
            $0.read(.unreadable("it does not decode and could not be moved aside: \(reason)"))
          }
          IssueReporter.current.report(
            "\(path) does not hold a \(String(reflecting: Value.self)) (\(decodingError)), and it could not be moved aside (\(reason)): starting from the default value, and not writing over the file."
          )
          return (defaultValue, .corruptNotMoved(reason: decodingError))
        }
      }
    }
  }

  /// The default, with the file reported unreadable and remembered so: no save writes over it.
  private func unreadable(
    _ reason: String, default defaultValue: Value
  ) -> (value: Value, outcome: LoadOutcome) {
    memory.withLock { $0.read(.unreadable(reason)) }
    IssueReporter.current.report(
      "\(path) could not be read (\(reason)): starting from the default value, and not writing over the file."
    )
    return (defaultValue, .unreadable(reason: reason))
  }

  /// Writes `value` to the file, whole.
  ///
  /// <!-- example: given file: SharedFile<[String]> -->
  /// ```swift
  /// try file.save(["Brussels", "Lima"])
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value.
  /// - Throws: ``SharedFileError``: the file could not be written, another writer changed it or
  ///   this one never read it (this value is then kept beside it), or it could not be read when
  ///   loaded.
  public func save(_ value: Value) throws(SharedFileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes: [UInt8]
    do {
      bytes = Array(try encoder.encode(value)) + [UInt8(ascii: "\n")]
    } catch {
      throw .cannotWrite(path: path, reason: "the value does not encode: \(Self.reason(error))")
    }
    // A file no load would read back must not replace one it can.
    guard bytes.count <= FileBytes.maximumSize else {
      throw .cannotWrite(
        path: path, reason: "the value encodes to more than 64 MiB, more than a load reads")
    }
    let file: String
    switch FileBytes.target(of: path) {
    case .success(let target): file = target
    case .failure(let failure): throw .unreadable(path: path, reason: failure.reason)
    }
    try memory.withLock { (memory: inout Memory) throws(SharedFileError) in
      try FileBytes.withLock(beside: file) { () throws(SharedFileError) in
        var current: FileDigest?
        switch FileBytes.read(file) {
        case .bytes(let bytes): current = FileDigest(bytes)
        case .missing: current = nil
        case .failed(let reason): throw .unreadable(path: path, reason: reason)
        }
        // A store's save (from `persisting`) must find what that store last wrote, or what it
        // was made from; any other save, what this one last read or wrote.
        let store = SharedSaveOrigin.current
        let expected: Known? = store.map { memory.expected(by: $0) } ?? memory.known
        let isExpected: Bool
        switch expected {
        case .unreadable(let reason)?:
          // What could not be read is not written over; once it is gone, nothing is left to lose.
          guard current == nil else { throw .unreadable(path: path, reason: reason) }
          isExpected = true
        // The file it expects; or no file, or one deleted or moved away since: nothing at the
        // path to lose.
        case .bytes(let known)?: isExpected = known == current || current == nil
        case nil: isExpected = current == nil
        }
        // A value that is what the file holds loses nothing either: a writer that took the
        // file's value again (a window that reloaded) goes on from it.
        let written = FileDigest(bytes)
        if isExpected || written == current {
          if written != current { try FileBytes.writeAtomically(bytes, to: file) }
          memory.known = .bytes(written)
          // Its conflicts are over: a later one is kept in a file of its own.
          memory.conflictPaths[store ?? 0] = nil
          if let store {
            memory.note(written, writtenBy: store)
          } else {
            // The app saved a value of its own (as it goes to the background): the stores that
            // were up to date with the file go on from it, those that wrote and those that have
            // not yet; a store that was behind stays behind.
            for (store, last) in memory.writtenByStore where last.digest == current {
              memory.writtenByStore[store]?.digest = written
            }
            memory.ownSaves.append((SharedSaveOrigin.next(), current, written))
            if memory.ownSaves.count > 64 {
              memory.ownSaves.removeFirst(memory.ownSaves.count - 64)
            }
          }
        } else {
          // Another writer's file (or one this one never read): it stays, and this value is
          // kept beside it, in a file for this store (or for saves outside a store) until the
          // file is loaded again.
          let aside: String
          if let kept = memory.conflictPaths[store ?? 0] {
            aside = kept.path
          } else {
            aside = try FileBytes.unusedPath(beside: file, suffix: "conflict")
          }
          try FileBytes.writeAtomically(bytes, to: aside)
          memory.note(conflictPath: aside, of: store ?? 0)
          if memory.known == nil { throw .neverRead(path: path, keptAt: aside) }
          throw .changedElsewhere(path: path, keptAt: aside)
        }
      }
    }
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "no value for \(key.stringValue)"
    case DecodingError.typeMismatch(let type, let context):
      "expected \(type) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    case DecodingError.valueNotFound(let type, _): "a \(type) is missing"
    default: "\(error)"
    }
  }
}

/// A file's length and its FNV-1a hash: what a ``SharedFile`` remembers of the bytes it read or
/// wrote, to tell whether the file still holds them.
private struct FileDigest: Hashable {
  let count: Int
  let hash: UInt64

  init(_ bytes: [UInt8]) {
    count = bytes.count
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    self.hash = hash
  }
}
