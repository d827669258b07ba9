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
    var characters = Substring(path)
    while characters.count > 1, characters.last == "/" { characters.removeLast() }
    if characters == "/" { return "/" }
    guard let slash = characters.lastIndex(of: "/") else { return "." }
    var folder = characters[..<slash]
    while folder.last == "/" { folder.removeLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last component of `path`, without the slashes after it: `dir/a.tide/` → `a.tide`;
  /// `/` → `/`; `` → ``.
  ///
  /// - Parameters:
  ///   - path: The path, as typed.
  package static func lastComponent(of path: String) -> String {
    var characters = Substring(path)
    while characters.count > 1, characters.last == "/" { characters.removeLast() }
    if characters == "/" { return "/" }
    guard let slash = characters.lastIndex(of: "/") else { return String(characters) }
    return String(characters[characters.index(after: slash)...])
  }

  /// The last component without its extension: `tests/Session.swift` → `Session`. A name whose
  /// only dot is its first character (`.swift`) has no extension.
  ///
  /// - Parameters:
  ///   - path: The path, as typed.
  package static func baseName(of path: String) -> String {
    let name = lastComponent(of: path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
