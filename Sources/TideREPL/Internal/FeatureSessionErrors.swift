/// Messages a session's exports share between the REPL and its web front.
enum FeatureSessionErrors {
  /// The test would pass `byteLimit` bytes.
  static func tooLarge(_ byteLimit: Int) -> String {
    "the session's test would be larger than \(byteLimit) bytes; export it in the REPL with "
      + ":export-test, which writes a file"
  }
}
