import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the REPL reads and writes files: plain reasons on failure, no surprises.
///
/// Writing never replaces an existing file unless told to, never replaces anything but a
/// regular file (a symbolic link, a folder, a FIFO or a device stays as it is), and is atomic: the
/// text goes to a new file beside the target, created readable by its owner only, which is then
/// moved into place. Reading takes only regular files of at most ``maximumReadSize``.
package enum FileAccess {
  /// What a write may do to an existing file.
  package enum Existing {
    /// Fail when the file exists; the hint says how to replace it.
    case keep(hint: String)
    /// Replace a regular file.
    case replace
  }

  /// The largest file the REPL reads: 64 MiB.
  package static let maximumReadSize = 64 << 20

  /// Writes `text` to `path`, atomically, readable by its owner only.
  ///
  /// - Throws: ``InputError`` with a plain reason: the file exists, is not a regular file, its
  ///   folder does not exist, permission is denied…
  package static func write(_ text: String, to path: String, existing: Existing) throws(InputError)
  {
    guard !path.isEmpty else { throw InputError(message: "the file name is empty", position: 0) }
    try checkNoNUL(path)
    let directory = PathText.folder(of: path)
    try checkReplaceable(path, existing: existing)
    guard !path.hasSuffix("/") else {
      throw InputError(message: "cannot write \(path): a file name cannot end with /", position: 0)
    }

    // A new file beside the target, so the final move stays on one file system.
    var temporary = ""
    var descriptor: Int32 = -1
    for _ in 0..<16 {
      temporary = "\(directory)/.tide-\(UInt32.random(in: 0...UInt32.max)).tmp"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR {
        throw InputError(
          message: "cannot write \(path): the folder \(directory) does not exist", position: 0)
      }
      throw failure("cannot write \(path)", code)
    }
    var written = false
    defer {
      if !written { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withUnsafeBytes { buffer in
          systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw failure("cannot write \(path)", errno)
        }
        offset += count
      }
      guard fsync(descriptor) == 0 else { throw failure("cannot write \(path)", errno) }
    }

    switch existing {
    case .keep(let hint):
      // `link` fails when the target exists, so a file that appeared meanwhile is kept too.
      if link(temporary, path) != 0 {
        let code = errno
        if code == EEXIST { throw exists(path, hint: hint) }
        guard code == EPERM || code == ENOTSUP || code == EXDEV else {
          throw failure("cannot write \(path)", code)
        }
        // A file system without hard links: check again, then move.
        try checkReplaceable(path, existing: existing)
        guard rename(temporary, path) == 0 else { throw failure("cannot write \(path)", errno) }
      } else {
        unlink(temporary)
      }
    case .replace:
      try checkReplaceable(path, existing: existing)
      guard rename(temporary, path) == 0 else { throw failure("cannot write \(path)", errno) }
    }
    written = true
  }

  /// Reads a regular file of UTF-8 text.
  ///
  /// - Throws: ``InputError`` with a plain reason.
  package static func read(_ path: String) throws(InputError) -> String {
    guard !path.isEmpty else { throw InputError(message: "the file name is empty", position: 0) }
    try checkNoNUL(path)
    // Opened without blocking and then checked, so that a path swapped for a FIFO between a
    // check and the open cannot hang the REPL.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("cannot read \(path)", errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure("cannot read \(path)", errno) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw InputError(message: "cannot read \(path): it is \(kind(info.st_mode))", position: 0)
    }
    guard Int(info.st_size) <= maximumReadSize else {
      throw InputError(
        message: "cannot read \(path): it is larger than \(maximumReadSize >> 20) MiB",
        position: 0)
    }
    // Read with the system's calls, so that a failure (a file of /proc, a disk error) is said
    // in words from errno; a file that grew since `fstat` is caught too.
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure("cannot read \(path)", errno)
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      guard bytes.count <= maximumReadSize else {
        throw InputError(
          message: "cannot read \(path): it is larger than \(maximumReadSize >> 20) MiB",
          position: 0)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw InputError(
        message: "cannot read \(path): it is not UTF-8 text (\(invalidUTF8Location(in: bytes)))",
        position: 0)
    }
    return text
  }

  /// Where the first byte that begins no UTF-8 character is, for a message: `line 3, byte 7 is
  /// 0xFF` (both counted from 1); `the text ends inside a character` when it is cut short.
  ///
  /// - Parameters:
  ///   - bytes: Text that is not valid UTF-8.
  package static func invalidUTF8Location(in bytes: [UInt8]) -> String {
    var line = 1
    var lineStart = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" {
          line += 1
          lineStart = offset + 1
        }
        offset += UTF8.width(scalar)
      case .emptyInput:
        return "the text is UTF-8"
      case .error:
        // A character the text ends before finishing: a lead byte, and only bytes that could
        // follow it (the second byte's range depends on the lead: no overlong form, no
        // surrogate, nothing past U+10FFFF).
        let rest = Array(bytes[offset...])
        let (length, second): (Int, ClosedRange<UInt8>) =
          switch rest[0] {
          case 0xC2...0xDF: (2, 0x80...0xBF)
          case 0xE0: (3, 0xA0...0xBF)
          case 0xED: (3, 0x80...0x9F)
          case 0xE1...0xEF: (3, 0x80...0xBF)
          case 0xF0: (4, 0x90...0xBF)
          case 0xF4: (4, 0x80...0x8F)
          case 0xF1...0xF3: (4, 0x80...0xBF)
          default: (0, 0x80...0xBF)
          }
        if rest.count < length, rest.count < 2 || second.contains(rest[1]),
          rest.dropFirst(2).allSatisfy({ $0 & 0xC0 == 0x80 })
        {
          return "the text ends inside a character"
        }
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        return
          "line \(line), byte \(offset - lineStart + 1) is 0x\(byte.count == 1 ? "0" : "")\(byte)"
      }
    }
  }

  /// Throws unless `path` is absent, or a regular file that `existing` allows replacing.
  /// Refuses a name that holds a NUL: the system reads a name up to it, so `notes\u{0}.tide`
  /// would be `notes`, another file than the one named.
  private static func checkNoNUL(_ path: String) throws(InputError) {
    guard let nul = path.firstIndex(of: "\u{0}") else { return }
    throw InputError(
      message:
        "the file name holds a NUL character (\\u{0}), which ends a name where the system reads it",
      position: path.distance(from: path.startIndex, to: nul))
  }

  private static func checkReplaceable(_ path: String, existing: Existing) throws(InputError) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw failure("cannot write \(path)", code)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw InputError(
        message:
          "cannot write \(path): it is \(kind(info.st_mode)), and tide replaces only regular files",
        position: 0)
    }
    if case .keep(let hint) = existing { throw exists(path, hint: hint) }
  }

  private static func exists(_ path: String, hint: String) -> InputError {
    InputError(message: "\(path) already exists; \(hint)", position: 0)
  }

  /// "a folder", "a symbolic link"…
  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    default: "not a regular file"
    }
  }

  /// `what`: a plain reason from `errno`, such as "permission denied".
  private static func failure(_ what: String, _ code: Int32) -> InputError {
    let reason: String
    switch code {
    case ENOENT: reason = "there is no such file or folder"
    case EACCES, EPERM: reason = "permission denied"
    case EROFS: reason = "the file system is read-only"
    case ENOSPC: reason = "the disk is full"
    case EISDIR: reason = "it is a folder"
    case ENOTDIR: reason = "a part of the path is not a folder"
    case ENAMETOOLONG: reason = "the name is too long"
    case ELOOP: reason = "too many symbolic links"
    default: reason = String(cString: strerror(code)).lowercased()
    }
    return InputError(message: "\(what): \(reason)", position: 0)
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
  private let systemRead = Glibc.read
#else
  private let systemWrite = Darwin.write
  private let systemRead = Darwin.read
#endif
