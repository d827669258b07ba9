// The declarations of calls with none to four arguments: one initialiser per arity, since a
// key path cannot abstract over a closure type with a parameter pack.

extension EnvironmentCall {
  /// Declares a call with no arguments.
  ///
  /// ```swift
  /// struct Clipboard: Sendable { var paste: @Sendable () async throws -> String }
  /// let paste = EnvironmentCall<Clipboard>("paste", \.paste) { [.success("hello")] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first, for the
  ///     explorer to choose from. Without them, exploring a feature that makes the call fails
  ///     with a report that says so.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable () async throws -> Output> & Sendable,
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
        try await interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes() } })
        ) { try await live() }
      }
    }
  }

  /// Declares a call with one argument.
  ///
  /// ```swift
  /// struct Notes: Sendable { var delete: @Sendable (_ id: Int) async throws -> Void }
  /// let delete = EnvironmentCall<Notes>("delete", \.delete) { _ in [.success(())] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first, for the
  ///     explorer to choose from. Without them, exploring a feature that makes the call fails
  ///     with a report that says so.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A) async throws -> Output> & Sendable,
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
        try await interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a) } })
        ) { try await live(a) }
      }
    }
  }

  /// Declares a call with two arguments.
  ///
  /// ```swift
  /// let login = EnvironmentCall<Login.Environment>(
  ///   "login", \.login, errors: LoginServiceError.self
  /// ) { username, _ in
  ///   [.failure(LoginServiceError.invalidCredentials)]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first, for the
  ///     explorer to choose from. Without them, exploring a feature that makes the call fails
  ///     with a report that says so.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B) async throws -> Output> & Sendable,
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
        try await interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a, b], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b) } })
        ) { try await live(a, b) }
      }
    }
  }

  /// Declares a call with three arguments.
  ///
  /// ```swift
  /// struct Mail: Sendable {
  ///   var send: @Sendable (_ to: String, _ subject: String, _ body: String) async throws -> Void
  /// }
  /// let send = EnvironmentCall<Mail>("send", \.send) { _, _, _ in [.success(())] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first, for the
  ///     explorer to choose from. Without them, exploring a feature that makes the call fails
  ///     with a report that says so.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C) async throws -> Output> & Sendable,
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
        try await interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a, b, c], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c) } })
        ) { try await live(a, b, c) }
      }
    }
  }

  /// Declares a call with four arguments.
  ///
  /// ```swift
  /// struct Search: Sendable {
  ///   var page: @Sendable (_ query: String, _ page: Int, _ size: Int, _ exact: Bool) async throws -> [String]
  /// }
  /// let page = EnvironmentCall<Search>("page", \.page) { query, _, _, _ in [.success([query])] }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run: what recordings, reports and exported
  ///     tests call it by. Each call of an environment has its own.
  ///   - call: The closure property.
  ///   - errors: The type of the errors the call throws that a recording keeps as themselves
  ///     (other errors are kept as their descriptions).
  ///   - outcomes: The ways the call can end for these arguments, simplest first, for the
  ///     explorer to choose from. Without them, exploring a feature that makes the call fails
  ///     with a report that says so.
  ///   - fileID: The file that declares the call: where an issue about it (an answer a
  ///     recording cannot keep) points.
  ///   - filePath: The full path of that file.
  ///   - line: The line that declares the call.
  ///   - column: The column that declares the call.
  public init<A: Sendable, B: Sendable, C: Sendable, D: Sendable, Output: Sendable>(
    _ name: String,
    _ call: any WritableKeyPath<Environment, @Sendable (A, B, C, D) async throws -> Output>
      & Sendable,
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
        try await interceptor.intercept(
          InterceptedCall(
            name: name, arguments: [a, b, c, d], keptErrors: errors,
            location: location,
            outcomes: outcomes.map { outcomes in { outcomes(a, b, c, d) } })
        ) { try await live(a, b, c, d) }
      }
    }
  }
}
