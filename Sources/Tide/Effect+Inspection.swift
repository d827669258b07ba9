extension Effect: CustomStringConvertible {
  /// What the effect is, in Swift-like syntax.
  ///
  /// ```swift
  /// let effect = Effect<Action>.run(name: "geocode") { _ in }
  ///   .cancellable(id: "search", cancelInFlight: true)
  /// print(effect)  // .run("geocode").cancellable(id: "search", cancelInFlight: true)
  /// ```
  public var description: String {
    switch operation {
    case .none:
      return ".none"
    case .send(let action):
      return ".send(\(describe(action)))"
    case .run(let run):
      return run.name.map { ".run(\(describe($0)))" } ?? ".run"
    case .merge(let effects):
      return ".merge(\(effects.map(\.description).joined(separator: ", ")))"
    case .concatenate(let effects):
      return ".concatenate(\(effects.map(\.description).joined(separator: ", ")))"
    case .cancellable(let id, let cancelInFlight, let effect):
      let flag = cancelInFlight ? ", cancelInFlight: true" : ""
      return "\(effect.description).cancellable(id: \(id)\(flag))"
    case .cancel(let id):
      return ".cancel(id: \(id))"
    }
  }

  /// The structure of the effect, for tests and tools that inspect effects without running them.
  ///
  /// ```swift
  /// let effect = reducer.reduce(into: &state, action: .loginButtonTapped, environment: environment)
  /// guard case .run(let name) = effect.shape else { return }
  /// #expect(name == "login")
  /// ```
  public var shape: Shape {
    switch operation {
    case .none: .none
    case .send(let action): .send(action)
    case .run(let run): .run(name: run.name)
    case .merge(let effects): .merge(effects)
    case .concatenate(let effects): .concatenate(effects)
    case .cancellable(let id, let cancelInFlight, let effect):
      .cancellable(id: id.description, cancelInFlight: cancelInFlight, effect)
    case .cancel(let id): .cancel(id: id.description)
    }
  }

  /// One level of an effect's structure, as ``Effect/shape`` returns it.
  ///
  /// ```swift
  /// if case .send(let action) = effect.shape { print("sends", action) }
  /// ```
  public enum Shape {
    /// The effect does nothing.
    case none
    /// The effect sends this action back at once.
    case send(Action)
    /// The effect runs an asynchronous operation with this name.
    case run(name: String?)
    /// The effect runs these effects at once.
    case merge([Effect])
    /// The effect runs these effects one after another.
    case concatenate([Effect])
    /// The effect is cancellable under the identifier described here.
    case cancellable(id: String, cancelInFlight: Bool, Effect)
    /// The effect cancels what runs under the identifier described here.
    case cancel(id: String)
  }

  /// The actions this effect sends without doing any asynchronous work first: the payloads of
  /// its `.send` effects outside `.run` and `.concatenate`.
  ///
  /// ```swift
  /// #expect(effect.immediateActions.count == 1)
  /// ```
  public var immediateActions: [Action] {
    switch operation {
    case .send(let action): [action]
    case .merge(let effects): effects.flatMap(\.immediateActions)
    case .cancellable(_, _, let effect): effect.immediateActions
    case .none, .run, .concatenate, .cancel: []
    }
  }
}
