/// Runs effects as tasks: the engine that `Store`, `TestStore` and the REPL share.
///
/// `start` is called synchronously right after a reducer returns. It performs the parts of an
/// effect that need no task at once (`.send`, `.cancel`, cancel-in-flight) and spawns a task for
/// each asynchronous part, registered in ``registry`` under the identifiers of the cancellable
/// effects around it.
@usableFromInline
package final class EffectRunner<Action: Sendable>: Sendable {
  package let registry = EffectRegistry()
  private let executor: (any TaskExecutor)?

  /// - Parameter executor: The executor that effect tasks prefer; `nil` for the default one.
  package init(executor: (any TaskExecutor)? = nil) {
    self.executor = executor
  }

  /// Starts an effect.
  ///
  /// - Parameters:
  ///   - effect: The effect a reducer returned.
  ///   - send: Where asynchronous work sends its actions.
  ///   - origin: The step that returned the effect, for messages.
  ///   - tasks: Receives each task started.
  ///   - enqueue: Takes the actions of `.send` effects, synchronously.
  package func start(
    _ effect: Effect<Action>,
    send: Send<Action>,
    origin: EffectOrigin?,
    tasks: inout [Task<Void, Never>],
    enqueue: (Action) -> Void
  ) {
    start(effect, ids: [], send: send, origin: origin, tasks: &tasks, enqueue: enqueue)
  }

  private func start(
    _ effect: Effect<Action>,
    ids: [EffectID],
    send: Send<Action>,
    origin: EffectOrigin?,
    tasks: inout [Task<Void, Never>],
    enqueue: (Action) -> Void
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      enqueue(action)
    case .merge(let effects):
      for effect in effects {
        start(effect, ids: ids, send: send, origin: origin, tasks: &tasks, enqueue: enqueue)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { registry.cancel(id) }
      start(effect, ids: ids + [id], send: send, origin: origin, tasks: &tasks, enqueue: enqueue)
    case .cancel(let id):
      registry.cancel(id)
    case .run(let run):
      tasks.append(
        spawn(effect, ids: ids, priority: run.priority, send: send, origin: origin, isNested: false)
      )
    case .concatenate:
      tasks.append(
        spawn(effect, ids: ids, priority: nil, send: send, origin: origin, isNested: false)
      )
    }
  }

  private func spawn(
    _ effect: Effect<Action>,
    ids: [EffectID],
    priority: TaskPriority?,
    send: Send<Action>,
    origin: EffectOrigin?,
    isNested: Bool
  ) -> Task<Void, Never> {
    let token = registry.insert(
      ids: ids, description: effect.description, origin: origin, isNested: isNested
    )
    let task = Task(executorPreference: executor, priority: priority) {
      await self.perform(effect, send: send, origin: origin)
      self.registry.remove(token)
    }
    registry.attach(task, to: token)
    return task
  }

  /// Runs an effect to completion inside the current task.
  private func perform(_ effect: Effect<Action>, send: Send<Action>, origin: EffectOrigin?) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(action)
    case .run(let run):
      do {
        try await run.operation(send)
      } catch {
        guard !(error is CancellationError), !Task.isCancelled else { return }
        if let handler = run.handler {
          await handler(error, send)
        } else {
          IssueReporter.current.report(
            unhandledErrorMessage(error, effect: effect, origin: origin),
            at: origin?.location
          )
        }
      }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await self.perform(effect, send: send, origin: origin) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await perform(effect, send: send, origin: origin)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { registry.cancel(id) }
      let task = spawn(inner, ids: [id], priority: nil, send: send, origin: origin, isNested: true)
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
    case .cancel(let id):
      registry.cancel(id)
    }
  }
}

private func unhandledErrorMessage(
  _ error: any Error, effect: Effect<some Sendable>, origin: EffectOrigin?
) -> String {
  var lines = [
    "An effect threw an error that nothing handled.",
    "",
    "  Effect: \(effect)",
  ]
  if let origin { lines.append("  Started by: \(origin)") }
  lines.append("  Error: \(describe(error))")
  lines.append("")
  lines.append(
    "Handle it with .run(…, catch: { error, send in … }) and send an action that describes the failure."
  )
  return lines.joined(separator: "\n")
}
