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
  /// - Returns: A warning to print, when the folder is one other users can write in.
  static func prepare(_ path: String) throws(Problem) -> String? {
    guard !path.isEmpty else { throw Problem(description: "the folder's path is empty") }
    // An argument that is not UTF-8 reaches Swift with U+FFFD in place of its bytes: the folder
    // made would not be the one named.
    guard !path.unicodeScalars.contains("\u{FFFD}") else {
      throw Problem(description: "the path is not UTF-8 text: '\(path)'")
    }
    var status = stat()
    if stat(path, &status) != 0 {
      let reason = errno
      var link = stat()
      if reason == ENOENT, lstat(path, &link) == 0 {
        throw Problem(description: "'\(path)' is a symbolic link to nothing")
      }
      guard reason == ENOENT else {
        throw Problem(description: "'\(path)' cannot be used: \(String(cString: strerror(reason)))")
      }
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw Problem(description: "'\(path)' could not be made: \(error.localizedDescription)")
      }
      return nil
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Problem(description: "'\(path)' is not a folder")
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw Problem(description: "'\(path)' is not a folder you can write in")
    }
    if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      return
        "--data: other users can write in '\(path)': they could replace what is saved there; a folder of your own (chmod 700) keeps it yours"
    }
    return nil
  }
}
