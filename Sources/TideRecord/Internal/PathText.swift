/// Path arithmetic on a path's text, done here rather than by Foundation: the Linux Foundation
/// traps on some short names (`("a" as NSString).deletingLastPathComponent` kills the process),
/// and a path a user typed must never reach an API that can trap.
///
/// Only `/` separates components; nothing is resolved (no `..`, no symbolic links), and a path
/// is never made absolute.
package enum PathText {
  /// The folder that holds the last component of `path`: `.` for a bare name, `/` for a name at
  /// the root.
  ///
  /// `a` → `.`; `dir/a` and `dir//a/` → `dir`; `/a` → `/`; `.` → `.`; `/` → `/`; `` → `.`.
  ///
  /// - Parameters:
  ///   - path: The path, as typed.
  package static func folder(of path: String) -> String {
    let scalars = trimmed(path)
    if scalars.elementsEqual(["/"]) { return "/" }
    guard let slash = scalars.lastIndex(of: "/") else { return "." }
    var folder = scalars[..<slash]
    while folder.last == "/" { folder.removeLast() }
    return folder.isEmpty ? "/" : String(Substring(folder))
  }

  /// The last component of `path`, without the slashes after it: `dir/a.tide/` → `a.tide`;
  /// `/` → `/`; `` → ``.
  ///
  /// - Parameters:
  ///   - path: The path, as typed.
  package static func lastComponent(of path: String) -> String {
    let scalars = trimmed(path)
    if scalars.elementsEqual(["/"]) { return "/" }
    guard let slash = scalars.lastIndex(of: "/") else { return String(Substring(scalars)) }
    return String(Substring(scalars[scalars.index(after: slash)...]))
  }

  /// The last component without its extension: `tests/Session.swift` → `Session`. A name whose
  /// only dot is its first character (`.swift`) has no extension.
  ///
  /// - Parameters:
  ///   - path: The path, as typed.
  package static func baseName(of path: String) -> String {
    let name = Substring(lastComponent(of: path)).unicodeScalars
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return String(Substring(name))
    }
    return String(Substring(name[..<dot]))
  }

  /// The path's scalars without the slashes that end it, unless it is only slashes: split by
  /// scalar, never by character, since a character may hold a slash (a prepended mark such as
  /// U+0601 joins the slash after it into one character, where the file system sees a
  /// separator).
  private static func trimmed(_ path: String) -> Substring.UnicodeScalarView {
    var scalars = Substring(path).unicodeScalars
    while scalars.last == "/", scalars.index(after: scalars.startIndex) != scalars.endIndex {
      scalars.removeLast()
    }
    return scalars
  }
}
