import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder `--data` names: made owner-only when missing, refused when it is something else.
enum DataFolder {
  /// Why a folder cannot hold the features' data.
  struct Problem: Error, CustomStringConvertible {
    let description: String
  }

  /// Makes `path` a folder when nothing is there (with its missing parents, owner-only), and
  /// checks that it is a folder this user can write in.
  static func prepare(_ path: String) throws(Problem) {
    guard !path.isEmpty else { throw Problem(description: "the folder's path is empty") }
    var status = stat()
    if stat(path, &status) != 0 {
      guard errno == ENOENT else {
        throw Problem(description: "'\(path)' cannot be used: \(String(cString: strerror(errno)))")
      }
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw Problem(description: "'\(path)' could not be made: \(error.localizedDescription)")
      }
      return
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Problem(description: "'\(path)' is not a folder")
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw Problem(description: "'\(path)' is not a folder you can write in")
    }
  }
}
