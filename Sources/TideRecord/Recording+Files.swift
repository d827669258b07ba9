extension Recording {
  /// Reads a recording from a file: a regular file of at most 64 MiB of UTF-8 text.
  ///
  /// ```swift
  /// let recording = try Recording(contentsOfFile: "login.tide")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path.
  /// - Throws: ``RecordingError`` with a plain reason: the file does not exist, is not a regular
  ///   file, is too large, or a line is not valid (named by its number, never quoted).
  public init(contentsOfFile path: String) throws(RecordingError) {
    let text: String
    do {
      text = try FileAccess.read(path)
    } catch {
      throw RecordingError.cannotRead(error.message)
    }
    try self.init(parsing: text)
  }

  /// Writes the recording to a file, atomically, readable by its owner only.
  ///
  /// An existing file is kept (the write fails) unless `replacing` is `true`, and only a regular
  /// file is ever replaced: a symbolic link, a folder or a device stays as it is.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// try recording.write(toFile: "login.tide")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - replacing: Whether an existing regular file may be replaced.
  /// - Throws: ``RecordingError`` with a plain reason.
  public func write(toFile path: String, replacing: Bool = false) throws(RecordingError) {
    do {
      try FileAccess.write(
        text, to: path,
        existing: replacing ? .replace : .keep(hint: "pass replacing: true to replace it"))
    } catch {
      throw RecordingError.cannotWrite(error.message)
    }
  }
}
