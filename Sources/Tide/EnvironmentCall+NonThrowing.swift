// The declarations of asynchronous calls that cannot throw: one initialiser per arity, as for
// the others.

extension EnvironmentCall {
  /// Declares an asynchronous call with no arguments that cannot throw.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an effect cancelled
  /// while the explorer or a replay holds the call), that is reported at the declaration, unless
  /// it was cancelled, and the call returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Settings: Sendable { var load: @Sendable () async -> [String] }
  /// let load = EnvironmentCall<Settings>("load", \.load) { [.success([])] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`, for the explorer to choose from. Without them, exploring a feature that
  ///     makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable () async -> Output> & Sendable,
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
        await interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes() } })
        ) { await live() }
      }
    }
  }

  /// Declares an asynchronous call with one argument that cannot throw.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an effect cancelled
  /// while the explorer or a replay holds the call), that is reported at the declaration, unless
  /// it was cancelled, and the call returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Settings: Sendable { var load: @Sendable (_ key: String) async -> String }
  /// let load = EnvironmentCall<Settings>("load", \.load) { key in [.success("")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`, for the explorer to choose from. Without them, exploring a feature that
  ///     makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A) async -> Output> & Sendable,
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
        await interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a) } })
        ) { await live(a) }
      }
    }
  }

  /// Declares an asynchronous call with two arguments that cannot throw.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an effect cancelled
  /// while the explorer or a replay holds the call), that is reported at the declaration, unless
  /// it was cancelled, and the call returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Settings: Sendable { var load: @Sendable (_ key: String, _ limit: Int) async -> String }
  /// let load = EnvironmentCall<Settings>("load", \.load) { _, _ in [.success("")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`, for the explorer to choose from. Without them, exploring a feature that
  ///     makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B) async -> Output> & Sendable,
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
        await interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a, b], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b) } })
        ) { await live(a, b) }
      }
    }
  }

  /// Declares an asynchronous call with three arguments that cannot throw.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an effect cancelled
  /// while the explorer or a replay holds the call), that is reported at the declaration, unless
  /// it was cancelled, and the call returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Settings: Sendable { var load: @Sendable (String, Int, Int) async -> String }
  /// let load = EnvironmentCall<Settings>("load", \.load) { _, _, _ in [.success("")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`, for the explorer to choose from. Without them, exploring a feature that
  ///     makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C) async -> Output> & Sendable,
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
        await interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a, b, c], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c) } })
        ) { await live(a, b, c) }
      }
    }
  }

  /// Declares an asynchronous call with four arguments that cannot throw.
  ///
  /// When the call cannot be answered (a replay that has no answer for it, an effect cancelled
  /// while the explorer or a replay holds the call), that is reported at the declaration, unless
  /// it was cancelled, and the call returns what the environment's own implementation returns.
  ///
  /// ```swift
  /// struct Settings: Sendable { var load: @Sendable (String, Int, Int, Bool) async -> String }
  /// let load = EnvironmentCall<Settings>("load", \.load) { _, _, _, _ in [.success("")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - outcomes: The values the call can return for these arguments, simplest first, each a
  ///     `.success`, for the explorer to choose from. Without them, exploring a feature that
  ///     makes the call reports that it has none.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep, a replay that has no answer for it) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, D: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C, D) async -> Output> & Sendable,
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
        await interceptor.answerWithoutThrowing(
          InterceptedCall(
            name: name, arguments: [a, b, c, d], keptErrors: nil,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c, d) } })
        ) { await live(a, b, c, d) }
      }
    }
  }

}
