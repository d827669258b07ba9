import Foundation

/// The few file operations a shared file needs, on POSIX calls: reading a file whole, and
/// writing one whole through a temporary file in its folder, owner-only, synced, then renamed
/// over it, so that a process killed at any point leaves the old file or the new one.
enum FileBytes {
  enum ReadResult {
    case bytes([UInt8])
    case missing
    case failed(String)
  }

  /// The file `path` names once its symbolic links are followed (a link's target, relative to
  /// the link's folder when relative; a link to a link, up to 40 of them, as many as Linux
  /// follows before it says the links loop): `path` itself when
  /// it is no link or names nothing. A link whose target does not exist gives that target, which
  /// a save creates. The reason, when a link cannot be read, the links loop, or what they lead to
  /// is not a regular file.
  static func target(of path: String) -> Result<String, Failure> {
    // The system reads a name up to its first NUL: `a.json\u{0}.bak` would be `a.json`.
    guard !path.contains("\u{0}") else { return .failure(Failure(reason: nulInName)) }
    guard !path.isEmpty else { return .failure(Failure(reason: "the file name is empty")) }
    var current = path
    for _ in 0..<40 {
      var status = stat()
      // A name that cannot be looked at is no link: reading or writing it says why.
      guard lstat(current, &status) == 0 else { return .success(current) }
      switch status.st_mode & S_IFMT {
      case S_IFLNK: break
      case S_IFREG: return .success(current)
      // Never read, moved aside or written over: a save would replace a device (a link to
      // `/dev/null`), a folder or a pipe with a plain file.
      case let kind: return .failure(Failure(reason: "it is \(describe(kind)), not a file"))
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
      let destination = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if destination.hasPrefix("/") {
        current = destination
      } else {
        let folder = (current as NSString).deletingLastPathComponent
        current = folder.isEmpty ? destination : folder + "/" + destination
      }
    }
    return .failure(Failure(reason: String(cString: strerror(ELOOP))))
  }

  /// A kind of file that is not a regular one, in words.
  private static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "a folder"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a pipe"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  /// Why a file could not be found or read.
  struct Failure: Error {
    let reason: String
  }

  /// Why a name holding a NUL is refused.
  static let nulInName =
    "its name holds a NUL character (\\u{0}), which ends a file name where the system reads it"

  /// The largest file read: a bigger one is refused, not loaded into memory.
  static let maximumSize = 64 << 20

  static func read(_ path: String) -> ReadResult {
    guard !path.contains("\u{0}") else { return .failed(nulInName) }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      return errno == ENOENT ? .missing : .failed(String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      guard bytes.count <= maximumSize else { return .failed("it is larger than 64 MiB") }
      let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return .bytes(bytes)
  }

  /// Writes `bytes` to `path` whole: to a new temporary file beside it (mode 0600), synced,
  /// then renamed over `path`. Throws the reason it could not.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SharedFileError) {
    guard !path.contains("\u{0}") else { throw .cannotWrite(path: path, reason: nulInName) }
    let folder = (path as NSString).deletingLastPathComponent
    let temporary =
      (folder.isEmpty ? "" : folder + "/") + temporaryStem(of: path)
      + "tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    var failure: String?
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(fd, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        failure = String(cString: strerror(errno))
        break
      }
      written += count
    }
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    close(fd)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw .cannotWrite(path: path, reason: failure)
    }
    // The rename itself is made durable by syncing the folder.
    let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
    if folderFD >= 0 {
      fsync(folderFD)
      close(folderFD)
    }
  }

  /// A path beside `path` that names no file yet: `path.SUFFIX-1`, `-2`, …, with the name cut
  /// as a temporary's is (to 200 bytes), so that a name near 255 bytes has one too. Throws when
  /// none of the first thousand is free, or a name cannot be looked at.
  static func unusedPath(beside path: String, suffix: String) throws(SharedFileError) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let stem = (folder.isEmpty ? "" : folder + "/") + temporaryStem(of: path)
    for number in 1...1000 {
      let candidate = "\(stem)\(suffix)-\(number)"
      var status = stat()
      if lstat(candidate, &status) == 0 { continue }
      guard errno == ENOENT else {
        throw .cannotWrite(path: candidate, reason: String(cString: strerror(errno)))
      }
      return candidate
    }
    throw .cannotWrite(path: path, reason: "\(stem)\(suffix)-1 to -1000 all exist")
  }

  /// Runs `body` holding an exclusive lock on `path.lock` (made owner-only if missing): what
  /// makes reading, comparing and writing the file one step for every writer of it, in this
  /// process or another.
  static func withLock<Result>(
    beside path: String, _ body: () throws(SharedFileError) -> Result
  ) throws(SharedFileError) -> Result {
    // `NAME.lock`, with the name cut as a temporary's is: a name near 255 bytes has a lock too.
    let folder = (path as NSString).deletingLastPathComponent
    let lockPath = (folder.isEmpty ? "" : folder + "/") + temporaryStem(of: path) + "lock"
    guard !path.contains("\u{0}") else { throw .cannotWrite(path: lockPath, reason: nulInName) }
    // Never through a link: opening one would create a file wherever it leads.
    let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      // The lock is the first thing made beside the file: a folder that is not there is the
      // file's problem, and said so.
      if errno == ENOENT, !folderExists(of: path) {
        throw .cannotWrite(path: path, reason: "its folder \(folderName(of: path)) does not exist")
      }
      throw .cannotWrite(path: lockPath, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw .cannotWrite(path: lockPath, reason: String(cString: strerror(errno)))
      }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  /// Whether the folder that holds `path` is there (as a folder, or a link to one).
  static func folderExists(of path: String) -> Bool {
    var status = stat()
    return stat(folderName(of: path), &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// The folder that holds `path`: `.` for a name without one.
  static func folderName(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// The start of the names of `path`'s temporary files, `NAME.`: its name cut to 200 bytes, so
  /// that a temporary's name (`NAME.tmp-PID-RANDOM`) stays within the 255 bytes a file system
  /// allows, whatever the name's length.
  static func temporaryStem(of path: String) -> String {
    var name = Substring((path as NSString).lastPathComponent)
    while name.utf8.count > 200 { name.removeLast() }
    return name + "."
  }

  /// Removes the temporary files beside `path` (its own, and those of its conflict files) that
  /// writers killed mid-write left: those named for a process that no longer runs. A running
  /// writer's file is left alone.
  static func removeAbandonedTemporaries(beside path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let base = temporaryStem(of: path)
    guard
      let names = try? FileManager.default.contentsOfDirectory(
        atPath: folder.isEmpty ? "." : folder)
    else { return }
    for name in names where name.hasPrefix(base) {
      guard let marker = name.range(of: ".tmp-", options: .backwards),
        let pid = name[marker.upperBound...].split(separator: "-").first.flatMap({ pid_t($0) }),
        pid > 0, kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink((folder.isEmpty ? "." : folder) + "/" + name)
    }
  }
}
