import Foundation
import Tide

/// A file of the random runs that failed before, so that a test replays them first: one
/// `NAME<tab>SEED<tab>RUN` line each, where NAME is the explorer's name.
///
/// Lines it cannot read are kept as they are and reported; lines of other explorers are kept.
/// The file is written only when a run was added or removed, and then whole, by replacing it.
struct FailingSeeds {
  struct Run: Equatable {
    let seed: UInt64
    let run: Int
  }

  private enum Line {
    case run(name: String, Run)
    case other(String)
  }

  /// The most bytes the file may have: it holds a line per failure, not a log.
  static let byteLimit = 1 << 20

  let url: URL
  private var lines: [Line] = []
  private var changed = false
  /// What was wrong with lines of the file, one message each.
  private(set) var problems: [String] = []

  /// Reads the file; a file that does not exist yet is empty.
  init(url: URL) throws {
    self.url = url
    let data: Data
    do {
      // What a symbolic link leads to, which is what is read and written.
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: url.resolvingSymlinksInPath().path)
      if attributes == nil, !FileManager.default.fileExists(atPath: url.path) { return }
      if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
        throw FailingSeedsError(
          "The failing-seeds file \(url.path) is not a regular file. Nothing was read from it or "
            + "written to it.")
      }
      if let size = attributes?[.size] as? Int, size > Self.byteLimit {
        throw FailingSeedsError(
          "The failing-seeds file \(url.path) has \(size) bytes, more than \(Self.byteLimit): "
            + "it holds one line per failure. Nothing was read from it or written to it.")
      }
      data = try Data(contentsOf: url)
    } catch let error as FailingSeedsError {
      throw error
    } catch {
      throw FailingSeedsError(
        "The failing-seeds file \(url.path) cannot be read: \(error.localizedDescription)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw FailingSeedsError(
        "The failing-seeds file \(url.path) is not UTF-8 text. Nothing was read from it or "
          + "written to it.")
    }
    // "\r\n" is one Character: a file written on Windows splits into the same lines.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    for (index, line) in lines.enumerated() {
      let raw = line
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      if fields.count == 3, let seed = UInt64(fields[1]), let run = Int(fields[2]), run >= 0,
        run < Int.max
      {
        self.lines.append(.run(name: String(fields[0]), Run(seed: seed, run: run)))
      } else {
        self.lines.append(.other(raw))
        if !line.isEmpty {
          problems.append(
            "The failing-seeds file \(url.path), line \(index + 1): expected "
              + "NAME<tab>SEED<tab>RUN (a whole number from 0 to \(UInt64.max), then a run "
              + "number from 0), found \(line.debugDescription). The line was kept as it is.")
        }
      }
    }
  }

  /// The stored runs of the explorer named `name`, oldest first.
  func runs(of name: String) -> [Run] {
    let name = Self.field(name)
    return lines.compactMap { line in
      guard case .run(let stored, let run) = line, stored == name else { return nil }
      return run
    }
  }

  mutating func add(_ run: Run, of name: String) {
    guard !runs(of: name).contains(run) else { return }
    lines.append(.run(name: Self.field(name), run))
    changed = true
  }

  mutating func remove(_ run: Run, of name: String) {
    let name = Self.field(name)
    let count = lines.count
    lines.removeAll { line in
      guard case .run(let stored, let storedRun) = line else { return false }
      return stored == name && storedRun == run
    }
    changed = changed || lines.count != count
  }

  /// Writes the file when a run was added or removed; a write that fails is a test failure.
  mutating func save(location: SourceCodeLocation) {
    guard changed else { return }
    let text = lines.map { line -> String in
      switch line {
      case .run(let name, let run): "\(name)\t\(run.seed)\t\(run.run)\n"
      case .other(let text): text + "\n"
      }
    }.joined()
    do {
      // Through a symbolic link to the file it names, so the link stays a link.
      try Data(text.utf8).write(to: url.resolvingSymlinksInPath(), options: .atomic)
      changed = false
    } catch {
      TestFailure.record(
        "The failing-seeds file \(url.path) cannot be written: \(error.localizedDescription)",
        at: location)
    }
  }

  /// A name as a field of a line: tabs and line breaks would split it.
  private static func field(_ name: String) -> String {
    String(name.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }
}

/// Why the failing-seeds file could not be used; its description is the message.
struct FailingSeedsError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
