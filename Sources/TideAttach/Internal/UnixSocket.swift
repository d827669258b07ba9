#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unix sockets, for a served store that listens on a path instead of a port.
package enum UnixSocket {
  /// The longest path a Unix socket address holds, terminating zero excluded.
  package static var maximumPathLength: Int {
    MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
  }

  /// Which file a socket is: it is removed at the end only if it is still the one made.
  package struct Identity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
  }

  /// `path` made absolute against the working directory, so that the address printed for it
  /// works from anywhere; an empty path stays empty, for ``listen(at:)`` to refuse as such.
  package static func absolute(_ path: String) -> String {
    guard !path.isEmpty, !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (directory.hasSuffix("/") ? directory : directory + "/") + path
  }

  /// Listens at `path`, which must not exist (nothing is ever replaced), readable and writable
  /// by its owner only.
  ///
  /// - Returns: The listening socket, and which file it is.
  package static func listen(at path: String) throws(ServerError) -> (Int32, Identity) {
    guard !path.isEmpty else { throw .cannotListen("a Unix socket needs a path") }
    guard path.utf8.count <= maximumPathLength else {
      throw .cannotListen(
        "the Unix socket's path is \(path.utf8.count) bytes; the system takes at most \(maximumPathLength): pick a shorter one"
      )
    }
    guard !path.utf8.contains(0) else { throw .cannotListen("a path cannot hold a zero byte") }
    if let problem = folderOthersCanChange(of: path) {
      throw .cannotListen(
        "\(problem): another user could move the socket away and listen in its place, and take the token of every tide attach that connects; pick a folder only you can change (or a sticky one, as /tmp is)"
      )
    }
    var status = stat()
    if lstat(path, &status) == 0 {
      let listening: Bool
      switch status.st_mode & S_IFMT == S_IFSOCK ? connect(to: path) : nil {
      case .success(let probe)?:
        close(probe)
        listening = true
      case .failure?: listening = false
      case nil: listening = true
      }
      if !listening {
        throw .cannotListen(
          "\(path) is a socket nothing listens on, left by a process that ended without stopping its server; tide never replaces a file: remove it, or pick another path"
        )
      }
      throw .cannotListen(
        "\(path) exists; tide never replaces a file: remove it, or pick another path")
    }
    #if canImport(Glibc)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw .cannotListen("socket: \(EventLoop.errorText())") }
    var address = Self.address(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      let reason = EventLoop.errorText()
      close(fd)
      throw .cannotListen("cannot listen on \(path): \(reason)")
    }
    // The token is what admits a client; the mode keeps other users from even connecting.
    guard makeOwnerOnly(path) == 0, startListening(fd) == 0, lstat(path, &status) == 0 else {
      let reason = EventLoop.errorText()
      close(fd)
      unlink(path)
      throw .cannotListen("cannot listen on \(path): \(reason)")
    }
    return (fd, Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
  }

  /// Why another user could rename or replace entries of the folder `path` is in, or of a
  /// folder above it: one that is writable by others without the sticky bit, or that another
  /// user (not root) owns, or a symbolic link on the way that another user owns. `nil` when
  /// none can; the folder's own problems (it does not exist) are left to `bind`.
  package static func folderOthersCanChange(of path: String) -> String? {
    let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    // `/x.sock` is in `/`; a relative `x.sock`, in the working folder.
    let folder = parent.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : parent
    let me = getuid()
    // A symbolic link on the way is changed by its owner at will, wherever it is.
    var prefix = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      prefix += "/" + component
      var status = stat()
      guard lstat(prefix, &status) == 0 else { break }
      if status.st_mode & S_IFMT == S_IFLNK, status.st_uid != me, status.st_uid != 0 {
        return "the symbolic link \(prefix) belongs to another user"
      }
    }
    guard let resolved = realpath(folder, nil) else { return nil }
    defer { free(resolved) }
    var current = String(cString: resolved)
    while true {
      var status = stat()
      guard stat(current, &status) == 0 else { return nil }
      let sticky = status.st_mode & S_ISVTX != 0
      if status.st_uid != me, status.st_uid != 0 {
        return "the folder \(current) belongs to another user"
      }
      if status.st_mode & (S_IWGRP | S_IWOTH) != 0, !sticky {
        return "the folder \(current) is writable by other users, without the sticky bit"
      }
      if current == "/" { return nil }
      current = "/" + current.split(separator: "/").dropLast().joined(separator: "/")
    }
  }

  /// The user the process at the other end of the connected Unix socket `fd` runs as; `nil`
  /// when the system does not say.
  package static func peerUser(of fd: Int32) -> uid_t? {
    #if canImport(Glibc)
      // `struct ucred` (pid, uid, gid), which Glibc's module leaves out: it needs _GNU_SOURCE.
      var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
      var length = socklen_t(MemoryLayout.size(ofValue: credentials))
      guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
        Int(length) == MemoryLayout.size(ofValue: credentials)
      else { return nil }
      return credentials.uid
    #else
      // Not built by CI (Apple's systems only).
      var user = uid_t()
      var group = gid_t()
      guard getpeereid(fd, &user, &group) == 0 else { return nil }
      return user
    #endif
  }

  /// Makes the file at `path` readable and writable by its owner only, never through a
  /// symbolic link: a link put in the socket's place between binding and this call fails with
  /// `ELOOP` or `EOPNOTSUPP`, and the file it names keeps its mode.
  ///
  /// - Returns: 0, or -1 with `errno` set.
  package static func makeOwnerOnly(_ path: String) -> Int32 {
    let changed = fchmodat(AT_FDCWD, path, 0o600, Int32(AT_SYMLINK_NOFOLLOW))
    guard changed != 0, errno == EOPNOTSUPP || errno == ENOTSUP else { return changed }
    // Without /proc, glibc cannot change a mode without following links: look first.
    var status = stat()
    guard lstat(path, &status) == 0 else { return -1 }
    guard status.st_mode & S_IFMT != S_IFLNK else {
      errno = ELOOP
      return -1
    }
    return chmod(path, 0o600)
  }

  private static func startListening(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.listen(fd, 128)
    #else
      Darwin.listen(fd, 128)
    #endif
  }

  /// Removes the socket the loop made at `path`, and nothing else: a path that is now another
  /// file, or another server's socket, is left alone.
  package static func remove(_ path: String, identity: Identity) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK,
      Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) == identity
    else { return }
    unlink(path)
  }

  /// The address of `path`.
  package static func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (offset, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[offset] = byte
      }
    }
    return address
  }

  /// A new socket connected to the Unix socket at `path`, or the reason it could not connect.
  package static func connect(to path: String) -> Result<Int32, ConnectError> {
    guard path.utf8.count <= maximumPathLength else {
      return .failure(ConnectError(reason: "the path is longer than \(maximumPathLength) bytes"))
    }
    #if canImport(Glibc)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return .failure(ConnectError(reason: EventLoop.errorText())) }
    var target = address(path)
    let connected = withUnsafePointer(to: &target) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #else
          Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #endif
      }
    }
    guard connected == 0 else {
      let reason = EventLoop.errorText()
      close(fd)
      return .failure(ConnectError(reason: reason))
    }
    return .success(fd)
  }

  /// Why a connection could not be made.
  package struct ConnectError: Error {
    package let reason: String
  }
}
