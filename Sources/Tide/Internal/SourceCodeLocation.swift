/// Where in the caller's source something happened, for messages and test failures.
@usableFromInline
package struct SourceCodeLocation: Sendable, Equatable, CustomStringConvertible {
  package let fileID: String
  package let filePath: String
  package let line: Int
  package let column: Int
  /// The path as the compiler gave it, for XCTest, which only takes a `StaticString`.
  package let staticFilePath: StaticString?

  package init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.staticFilePath = nil
  }

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = Int(line)
    self.column = Int(column)
    self.staticFilePath = filePath
  }

  @usableFromInline package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fileID == rhs.fileID && lhs.filePath == rhs.filePath && lhs.line == rhs.line
      && lhs.column == rhs.column
  }

  /// `Module/File.swift:42`
  @usableFromInline package var description: String { "\(fileID):\(line)" }
}

/// What started an effect: the step's description and where it was written.
@usableFromInline
package struct EffectOrigin: Sendable, Equatable, CustomStringConvertible {
  /// `send(.queryChanged("Brus"))`
  package let step: String
  package let location: SourceCodeLocation?
  /// Tells apart steps that are spelled the same (a test that sends one action twice).
  package let index: Int

  package init(step: String, location: SourceCodeLocation?, index: Int = 0) {
    self.step = step
    self.location = location
    self.index = index
  }

  /// `send(.queryChanged("Brus")) at AddLocationTests.swift:42`
  @usableFromInline package var description: String {
    guard let location else { return step }
    let file = location.fileID.split(separator: "/").last.map(String.init) ?? location.fileID
    return "\(step) at \(file):\(location.line)"
  }
}
