// The declarations of synchronous calls, which answer at once: `uuid()`, `now()`, a file read.
// One initialiser per arity and per throwing or not, as for the asynchronous calls.

extension EnvironmentCall {
  /// Declares a synchronous call with no arguments that can throw: it answers at once.
  ///
  /// ```swift
  /// struct Files: Sendable { var read: @Sendable () throws -> String }
  /// let read = EnvironmentCall<Files>("read", \.read) { [.success("hello")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first. The call
  ///     cannot wait for the explorer to choose, so an explorer's run ends it at once with the
  ///     first. Without them, exploring a feature that makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable () throws -> Output> & Sendable,
    errors: (any (Error & Codable).Type)? = nil,
    outcomes: (@Sendable () -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      {
        try interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes() } })
        ) { try live() }
      }
    }
  }

  /// Declares a synchronous call with one argument that can throw: it answers at once.
  ///
  /// ```swift
  /// struct Files: Sendable { var read: @Sendable (_ path: String) throws -> String }
  /// let read = EnvironmentCall<Files>("read", \.read) { path in [.success("hello")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first. The call
  ///     cannot wait for the explorer to choose, so an explorer's run ends it at once with the
  ///     first. Without them, exploring a feature that makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A) throws -> Output> & Sendable,
    errors: (any (Error & Codable).Type)? = nil,
    outcomes: (@Sendable (A) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a in
        try interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a) } })
        ) { try live(a) }
      }
    }
  }

  /// Declares a synchronous call with two arguments that can throw: it answers at once.
  ///
  /// ```swift
  /// struct Files: Sendable { var read: @Sendable (_ path: String, _ limit: Int) throws -> String }
  /// let read = EnvironmentCall<Files>("read", \.read) { _, _ in [.success("hello")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first. The call
  ///     cannot wait for the explorer to choose, so an explorer's run ends it at once with the
  ///     first. Without them, exploring a feature that makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B) throws -> Output> & Sendable,
    errors: (any (Error & Codable).Type)? = nil,
    outcomes: (@Sendable (A, B) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a, b in
        try interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a, b], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b) } })
        ) { try live(a, b) }
      }
    }
  }

  /// Declares a synchronous call with three arguments that can throw: it answers at once.
  ///
  /// ```swift
  /// struct Files: Sendable { var read: @Sendable (String, Int, Int) throws -> String }
  /// let read = EnvironmentCall<Files>("read", \.read) { _, _, _ in [.success("hello")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first. The call
  ///     cannot wait for the explorer to choose, so an explorer's run ends it at once with the
  ///     first. Without them, exploring a feature that makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C) throws -> Output> & Sendable,
    errors: (any (Error & Codable).Type)? = nil,
    outcomes: (@Sendable (A, B, C) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a, b, c in
        try interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a, b, c], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c) } })
        ) { try live(a, b, c) }
      }
    }
  }

  /// Declares a synchronous call with four arguments that can throw: it answers at once.
  ///
  /// ```swift
  /// struct Files: Sendable { var read: @Sendable (String, Int, Int, Bool) throws -> String }
  /// let read = EnvironmentCall<Files>("read", \.read) { _, _, _, _ in [.success("hello")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first. The call
  ///     cannot wait for the explorer to choose, so an explorer's run ends it at once with the
  ///     first. Without them, exploring a feature that makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, D: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C, D) throws -> Output> & Sendable,
    errors: (any (Error & Codable).Type)? = nil,
    outcomes: (@Sendable (A, B, C, D) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a, b, c, d in
        try interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a, b, c, d], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c, d) } })
        ) { try live(a, b, c, d) }
      }
    }
  }

  /// Declares a synchronous call with no arguments that cannot throw, such as `uuid()` or `now()`: it answers at once.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an explorer's run
  /// whose first outcome is a failure), that is reported at the declaration and the call
  /// returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Ids: Sendable { var next: @Sendable () -> Int }
  /// let next = EnvironmentCall<Ids>("next", \.next) { [.success(1)] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`. The call cannot wait for the explorer to choose, so an explorer's run ends
  ///     it at once with the first. Without them, exploring a feature that makes the call
  ///     reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable () -> Output> & Sendable,
    outcomes: (@Sendable () -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      {
        interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes() } })
        ) { live() }
      }
    }
  }

  /// Declares a synchronous call with one argument that cannot throw, such as `uuid()` or `now()`: it answers at once.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an explorer's run
  /// whose first outcome is a failure), that is reported at the declaration and the call
  /// returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Ids: Sendable { var next: @Sendable (_ kind: String) -> Int }
  /// let next = EnvironmentCall<Ids>("next", \.next) { kind in [.success(kind.count)] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`. The call cannot wait for the explorer to choose, so an explorer's run ends
  ///     it at once with the first. Without them, exploring a feature that makes the call
  ///     reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A) -> Output> & Sendable,
    outcomes: (@Sendable (A) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a in
        interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a) } })
        ) { live(a) }
      }
    }
  }

  /// Declares a synchronous call with two arguments that cannot throw, such as `uuid()` or `now()`: it answers at once.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an explorer's run
  /// whose first outcome is a failure), that is reported at the declaration and the call
  /// returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Ids: Sendable { var next: @Sendable (_ kind: String, _ step: Int) -> Int }
  /// let next = EnvironmentCall<Ids>("next", \.next) { _, step in [.success(step)] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`. The call cannot wait for the explorer to choose, so an explorer's run ends
  ///     it at once with the first. Without them, exploring a feature that makes the call
  ///     reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B) -> Output> & Sendable,
    outcomes: (@Sendable (A, B) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a, b in
        interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a, b], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b) } })
        ) { live(a, b) }
      }
    }
  }

  /// Declares a synchronous call with three arguments that cannot throw, such as `uuid()` or `now()`: it answers at once.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an explorer's run
  /// whose first outcome is a failure), that is reported at the declaration and the call
  /// returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Ids: Sendable { var next: @Sendable (String, Int, Int) -> Int }
  /// let next = EnvironmentCall<Ids>("next", \.next) { _, _, c in [.success(c)] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`. The call cannot wait for the explorer to choose, so an explorer's run ends
  ///     it at once with the first. Without them, exploring a feature that makes the call
  ///     reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C) -> Output> & Sendable,
    outcomes: (@Sendable (A, B, C) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a, b, c in
        interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a, b, c], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c) } })
        ) { live(a, b, c) }
      }
    }
  }

  /// Declares a synchronous call with four arguments that cannot throw, such as `uuid()` or `now()`: it answers at once.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an explorer's run
  /// whose first outcome is a failure), that is reported at the declaration and the call
  /// returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Ids: Sendable { var next: @Sendable (String, Int, Int, Int) -> Int }
  /// let next = EnvironmentCall<Ids>("next", \.next) { _, _, _, d in [.success(d)] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`. The call cannot wait for the explorer to choose, so an explorer's run ends
  ///     it at once with the first. Without them, exploring a feature that makes the call
  ///     reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, D: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C, D) -> Output> & Sendable,
    outcomes: (@Sendable (A, B, C, D) -> [ExploreOutcome<Output>])? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(name: name, keyPath: call) { live, interceptor in
      { a, b, c, d in
        interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a, b, c, d], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c, d) } })
        ) { live(a, b, c, d) }
      }
    }
  }

}
