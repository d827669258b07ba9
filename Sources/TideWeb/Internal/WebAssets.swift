import Foundation
import TideAttach

/// The front's own files (the inspector, the shared script and style sheet), read once from the
/// module's resources, and the files of a feature's page, read when asked for.
struct WebAssets: Sendable {
  private let files: [String: [UInt8]]

  static let names = [
    "inspector.html", "inspector.js", "tide.js", "tide.css", "handover.js",
  ]

  static func load() throws(ServerError) -> WebAssets {
    var files: [String: [UInt8]] = [:]
    for name in names {
      let parts = name.split(separator: ".")
      guard
        let url = Bundle.module.url(
          forResource: String(parts[0]), withExtension: String(parts[1])),
        let data = try? Data(contentsOf: url)
      else {
        throw ServerError.missingResource("the web front's file \(name) is missing")
      }
      files[name] = Array(data)
    }
    return WebAssets(files: files)
  }

  func response(for name: String) -> HTTPResponse {
    guard let body = files[name] else { return .text(404, "nothing is at /tide/\(name)") }
    return HTTPResponse(status: 200, contentType: Self.contentType(of: name), body: body)
  }

  /// The biggest file of a page it serves.
  static let pageFileLimit = 4 << 20

  /// A file of a feature's page: a plain name (letters, digits, `-`, `_`, `.`; no folders, no
  /// leading dot), a regular file (not a link), at most 4 MiB.
  static func pageFile(_ name: String, in folder: URL) -> HTTPResponse {
    guard !name.hasPrefix("."), name.count <= 100,
      name.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_" || $0 == "."
      })
    else {
      return .text(404, "nothing is at /app/\(name)")
    }
    let path = folder.appendingPathComponent(name).path
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      Int(info.st_size) <= pageFileLimit, let data = FileManager.default.contents(atPath: path)
    else {
      return .text(404, "nothing is at /app/\(name)")
    }
    return HTTPResponse(status: 200, contentType: contentType(of: name), body: Array(data))
  }

  static func contentType(of name: String) -> String {
    switch name.split(separator: ".").last {
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    default: "application/octet-stream"
    }
  }
}
