/// Where in the caller's source something happened, for messages and test failures.
package struct SourceCodeLocation: Sendable, Equatable, CustomStringConvertible {
  package let fileID: String
  package let filePath: String
  package let line: Int
  package let column: Int

  package init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.init(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)
    )
  }

  /// `Module/File.swift:42`
  package var description: String { "\(fileID):\(line)" }
}

/// What started an effect: the step's description and where it was written.
package struct EffectOrigin: Sendable, Equatable {
  package let step: String
  package let location: SourceCodeLocation?

  package init(step: String, location: SourceCodeLocation?) {
    self.step = step
    self.location = location
  }
}
