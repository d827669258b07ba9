extension Effect: CustomStringConvertible {
  /// What the effect is, in Swift-like syntax.
  ///
  /// ```swift
  /// enum Action: Sendable { case searchResponse([String]) }
  /// let effect = Effect<Action>.run(name: "geocode") { _ in }
  ///   .cancellable(id: "search", cancelInFlight: true)
  /// print(effect)  // .run("geocode").cancellable(id: "search", cancelInFlight: true)
  /// ```
  public var description: String {
    // Built with an explicit stack rather than by recursion, so that no nesting is too deep
    // to print.
    var result = ""
    var pending: [DescriptionPiece] = [.effect(self)]
    func list(_ name: String, _ effects: [Effect]) {
      pending.append(.text(")"))
      for (index, effect) in effects.enumerated().reversed() {
        pending.append(.effect(effect))
        if index > 0 { pending.append(.text(", ")) }
      }
      pending.append(.text(".\(name)("))
    }
    while let piece = pending.popLast() {
      guard case .effect(let effect) = piece else {
        if case .text(let text) = piece { result += text }
        continue
      }
      switch effect.operation {
      case .none:
        result += ".none"
      case .send(let action):
        result += ".send(\(describe(action)))"
      case .run(let run):
        result += run.name.map { ".run(\(describe($0)))" } ?? ".run"
      case .merge(let effects):
        list("merge", effects)
      case .concatenate(let effects):
        list("concatenate", effects)
      case .cancellable(let id, let cancelInFlight, let effect):
        let flag = cancelInFlight ? ", cancelInFlight: true" : ""
        pending.append(.text(".cancellable(id: \(id)\(flag))"))
        pending.append(.effect(effect))
      case .cancel(let id):
        result += ".cancel(id: \(id))"
      case .dismiss:
        result += ".dismiss()"
      case .watch(_, _, let effect):
        // The runtime's own bookkeeping: prints as the effect it wraps.
        pending.append(.effect(effect))
      }
    }
    return result
  }

  /// What is left to print of an effect's description: an effect, or punctuation.
  private enum DescriptionPiece {
    case effect(Effect)
    case text(String)
  }

  /// The structure of the effect, for tests and tools that inspect effects without running them.
  ///
  /// <!-- example: given reducer: Reducer<Login.State, Login.Action, Login.Environment>, state: Login.State, environment: Login.Environment -->
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
    case .dismiss: .dismiss
    case .watch(_, _, let effect): effect.shape
    }
  }

  /// One level of an effect's structure, as ``Effect/shape`` returns it.
  ///
  /// <!-- example: given effect: Effect<Login.Action> -->
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
    /// The effect dismisses the screen of the reducer that returned it.
    case dismiss
  }

  /// The actions this effect sends without doing any asynchronous work first: the payloads of
  /// its `.send` effects outside `.run` and `.concatenate`.
  ///
  /// <!-- example: given effect: Effect<Login.Action> -->
  /// ```swift
  /// #expect(effect.immediateActions.count == 1)
  /// ```
  public var immediateActions: [Action] {
    switch operation {
    case .send(let action): [action]
    case .merge(let effects): effects.flatMap(\.immediateActions)
    case .cancellable(_, _, let effect), .watch(_, _, let effect): effect.immediateActions
    case .none, .run, .concatenate, .cancel, .dismiss: []
    }
  }
}
