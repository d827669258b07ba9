import Synchronization

/// Interprets effects: the engine that `Store`, `TestStore` and the REPL share, and the one place
/// that decides what each kind of effect does.
///
/// Starting an effect has two phases. ``start(_:origin:deliver:)`` first *plans* it, walking it
/// once: `.send` actions are collected in order, `.cancel` and cancel-in-flight cancel at once,
/// and every `.run` becomes a launch registered under the identifiers of the `.cancellable`
/// effects around it. Then the launches become tasks, after the synchronous actions have been
/// handed to the caller. A concatenation plans its elements in order until one needs a task; the
/// rest runs in a task of its own, which waits for that element and plans each remaining element
/// the same way, so synchronous effects are synchronous wherever they are nested.
///
/// The nesting rules, written once here:
/// - A task is registered under every identifier in scope, so ``Effect/cancel(id:)`` reaches it
///   directly, however deep it sits.
/// - A task that launches others (the rest of a concatenation) cancels them when it is cancelled,
///   so cancelling what a step started cancels everything under it.
/// - A cancellation also removes the launches planned so far under its identifier in the same
///   effect, so `.merge(a.cancellable(id: x), .cancel(id: x))` starts nothing under `x`.
@usableFromInline
package final class EffectRunner<Action: Sendable>: Sendable {
  /// Hands an action that an effect's task sent to the runtime, with the token of that task and
  /// the tree it belongs to (whose the effects of that action become). The sender is `nil` for
  /// an action sent after its effect had finished, which no cancellation can stop any more.
  package typealias Delivery =
    @Sendable (_ action: Action, _ sender: Int?, _ tree: EffectTree?) async -> Void

  package let registry = EffectRegistry()
  /// Numbers the effects steps return, for the tasks of one to share (see
  /// ``EffectRegistry/Record/effectGroup``).
  private let effectGroups = Atomic<Int>(0)
  /// The clock whose executor runs the effects; the global executor when `nil`.
  @usableFromInline package let scheduler: ManualClock?

  /// What a dismissal that reaches the root does instead of being reported: a `TestStore`
  /// testing a child alone notes that the child dismissed itself.
  package let rootDismissal = Lock<(@Sendable (SourceCodeLocation?) -> Void)?>(nil)

  /// - Parameter scheduler: The clock that runs effects' jobs; `nil` for the global executor.
  package init(scheduler: ManualClock? = nil) {
    self.scheduler = scheduler
  }

  /// Starts an effect that a step returned.
  ///
  /// - Parameters:
  ///   - effect: The effect.
  ///   - origin: The step that returned it, for messages.
  ///   - tree: The tree its tasks join, if any.
  ///   - deliver: Where tasks send their actions.
  /// - Returns: The actions of its synchronous `.send`s, to reduce next in this order, the
  ///   tasks launched, and whether the feature dismissed itself (a harness's root dismissal):
  ///   the caller then cancels every effect once it has reduced those actions.
  package func start(
    _ effect: Effect<Action>, origin: EffectOrigin?, tree: EffectTree? = nil,
    deliver: @escaping Delivery
  ) -> (actions: [Action], tasks: [Task<Void, Never>], dismissesRoot: Bool) {
    let group = effectGroups.add(1, ordering: .relaxed).oldValue
    let context = Context(origin: origin, effectGroup: group, tree: tree, deliver: deliver)
    var plan = Plan()
    self.plan(effect, ids: [], watches: [], context: context, into: &plan)
    let tasks = launch(plan.launches, parent: nil, context: context).map { $0.task }
    return (plan.actions, tasks, plan.dismissesRoot)
  }

  // MARK: - The interpretation

  private struct Context: Sendable {
    let origin: EffectOrigin?
    /// The number this runner gave the effect a step returned, which all its tasks share.
    let effectGroup: Int
    /// The tree the top-level tasks join; the tasks they launch are theirs to wait for.
    let tree: EffectTree?
    let deliver: Delivery
  }

  private struct Launch {
    var sequence = 0
    let ids: [EffectID]
    /// The presented children's slots it is tied to.
    let watches: [EffectWatch]
    let priority: TaskPriority?
    /// The effect it runs, for the registry to print or ask about.
    let effect: any InspectableEffect
    /// What this task waits for first (a concatenation's first step): launched with it, with
    /// its token as their parent, so that they are registered from the start.
    var children: [Launch] = []
    let body: @Sendable (_ token: Int, _ children: [LaunchedTask]) async -> Void

    /// Whether it can run inside the task of a concatenation under `ids` and `watches` instead
    /// of a task of its own: it launches nothing first, asks for no priority, is cancelled by
    /// exactly the identifiers that cancel that task, and watches the same slots (a launch's
    /// watches extend those it was planned under, so counting them compares them).
    func isInlinable(under ids: [EffectID], watches: [EffectWatch]) -> Bool {
      children.isEmpty && priority == nil && self.ids == ids
        && self.watches.count == watches.count
    }

    /// Drops this launch's children under `id`.
    func cancelling(_ id: EffectID) -> Launch? {
      guard !ids.contains(id) else { return nil }
      var launch = self
      launch.children = children.compactMap { $0.cancelling(id) }
      return launch
    }
  }

  private struct Plan {
    var actions: [Action] = []
    var launches: [Launch] = []
    /// Whether a dismissal reached the root and a harness took it as the feature's own: every
    /// effect is then cancelled once the actions this plan sends are reduced, as a presentation
    /// cancels a dismissed child's (its `.dismiss` arrives after them).
    var dismissesRoot = false
    /// Numbers launches in the order they were planned, so that a concatenation can tell which
    /// launches its step added even when that step cancelled earlier ones.
    var nextSequence = 0

    mutating func append(_ launch: Launch) {
      var launch = launch
      launch.sequence = nextSequence
      nextSequence += 1
      launches.append(launch)
    }

    mutating func cancel(_ id: EffectID) {
      launches = launches.compactMap { $0.cancelling(id) }
    }
  }

  private func plan(
    _ effect: Effect<Action>, ids: [EffectID], watches: [EffectWatch], context: Context,
    into plan: inout Plan
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      plan.actions.append(action)
    case .cancel(let id):
      plan.cancel(id)
      registry.cancel(id)
    case .dismiss(let location, let nested):
      if !nested, let handler = rootDismissal.withLock({ $0 }) {
        handler(location)
        plan.dismissesRoot = true
        return
      }
      reportDismissalOfNothing(
        by: effect, at: location, context: context, to: IssueReporter.current)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight {
        plan.cancel(id)
        registry.cancel(id)
      }
      self.plan(inner, ids: ids + [id], watches: watches, context: context, into: &plan)
    case .watch(let slot, let owner, let inner):
      let watches = watches + [EffectWatch(slot: slot, owner: owner)]
      self.plan(inner, ids: ids, watches: watches, context: context, into: &plan)
    case .merge(let effects):
      for effect in effects {
        self.plan(effect, ids: ids, watches: watches, context: context, into: &plan)
      }
    case .run(let run):
      plan.append(
        Launch(ids: ids, watches: watches, priority: run.priority, effect: effect) { token, _ in
          await self.perform(run, of: effect, token: token, context: context)
        })
    case .concatenate(let effects):
      for (index, element) in effects.enumerated() {
        let start = plan.nextSequence
        self.plan(element, ids: ids, watches: watches, context: context, into: &plan)
        let first = plan.launches.filter { $0.sequence >= start }
        guard !first.isEmpty else { continue }  // It finished synchronously.
        let rest = effects[(index + 1)...]
        if rest.isEmpty { return }
        plan.launches.removeAll { $0.sequence >= start }
        // A first step that is one task under the same identifiers (a debounce's sleep) runs
        // inside the concatenation's own task: a child task of its own would be cancelled by
        // exactly what cancels its parent, and costs a task and a wait for nothing.
        if first.count == 1, first[0].isInlinable(under: ids, watches: watches) {
          let only = first[0]
          plan.append(
            Launch(ids: ids, watches: watches, priority: nil, effect: effect) { token, _ in
              await only.body(token, [])
              await self.perform(rest, ids: ids, watches: watches, token: token, context: context)
            })
          return
        }
        plan.append(
          Launch(
            ids: ids, watches: watches, priority: nil, effect: effect, children: first
          ) { token, children in
            await self.wait(for: children)
            await self.perform(rest, ids: ids, watches: watches, token: token, context: context)
          })
        return
      }
    }
  }

  /// Runs effects one after another inside the task with `token`: each is planned, its actions
  /// are delivered, and its tasks are awaited before the next one starts.
  private func perform(
    _ effects: ArraySlice<Effect<Action>>, ids: [EffectID], watches: [EffectWatch], token: Int,
    context: Context
  ) async {
    for effect in effects {
      // Checked before planning: planning cancels at once, and a cancelled concatenation must
      // not cancel anything more.
      guard !Task.isCancelled else { return }
      var plan = Plan()
      self.plan(effect, ids: ids, watches: watches, context: context, into: &plan)
      for action in plan.actions {
        guard !Task.isCancelled else { return }
        await context.deliver(action, token, context.tree)
      }
      if plan.dismissesRoot {
        // The feature dismissed itself, once what it sent first was reduced: this task is
        // cancelled with the others.
        registry.cancelAll()
        return
      }
      guard !Task.isCancelled else { return }
      // One task under the same identifiers runs here, in the concatenation's task, as a first
      // step does (see `plan`).
      if let only = plan.launches.first, plan.launches.count == 1,
        only.isInlinable(under: ids, watches: watches)
      {
        await only.body(token, [])
        continue
      }
      await wait(for: launch(plan.launches, parent: token, context: context))
    }
  }

  private func perform(
    _ run: Effect<Action>.Run, of effect: Effect<Action>, token: Int, context: Context
  ) async {
    // A `Send` can escape its operation (stored, or handed to an unstructured task). An action
    // sent that way while the effect runs keeps the effect registered (and in its tree) until it
    // has been delivered, so it is never dropped for arriving after the effect returned. Once the
    // effect has ended, what it sends is still delivered, as the reference library does, and
    // reported, since nothing waits for it and no cancellation can reach it any more; unless the
    // effect, or its send's tree, was cancelled: then it is reported and dropped, since
    // cancellation is final.
    let life = Lock(EffectLifeState())
    let reporter = IssueReporter.current
    // What `send.dismiss()` does: the action of the presentation or stack that took it on the
    // way down, or the store's own dismissal; in either case only while the effect runs.
    let dismissal: @Sendable (SendDismissal) async -> Void = { [weak self] call in
      guard let self else { return }
      let phase = life.withLock { $0.phase }
      guard phase == .running, context.tree?.wasCancelled != true, registry.isLive(token) else {
        // A send that escaped the operation, called after the effect ended: a screen shown
        // since (another sheet in the same place) must not close for it.
        let message = effectMessage(
          "An effect asked to dismiss its screen after it had ended.", effect: effect,
          origin: context.origin, detail: nil,
          advice: "Nothing was dismissed: the effect's send escaped its operation. Call "
            + "send.dismiss() inside the operation, so that the effect lasts until it does.")
        reporter.report(message, at: call.location)
        return
      }
      if let deliver = call.deliver {
        await deliver()
        return
      }
      if !call.isNested, let handler = rootDismissal.withLock({ $0 }) {
        handler(call.location)
        // The feature dismissed itself: its effects, this one among them, are cancelled.
        registry.cancelAll()
        return
      }
      reportDismissalOfNothing(
        by: effect, at: call.location, context: context, to: reporter, fromSend: true)
    }
    let send = Send<Action>(dismissal: dismissal, isNested: false) { action in
      let phase = life.withLock { state -> EffectLife in
        if state.phase == .running { state.inFlight += 1 }
        return state.phase
      }
      switch phase {
      case .running:
        await context.deliver(action, token, context.tree)
        let waiter = life.withLock { state -> CheckedContinuation<Bool, Never>? in
          state.inFlight -= 1
          guard state.inFlight == 0 else { return nil }
          defer { state.waiter = nil }
          return state.waiter
        }
        waiter?.resume(returning: false)
      case .finished where context.tree?.wasCancelled != true:
        let message = effectMessage(
          "An effect sent an action after it had finished.", effect: effect,
          origin: context.origin, detail: "  Action: \(describe(action))",
          advice: "The action was delivered, but nothing waits for it and cancelling the effect "
            + "cannot stop it: its send escaped the effect's operation. Await the work that sends "
            + "inside the operation, so that the effect lasts as long as it does.")
        reporter.report(message, at: context.origin?.location)
        await context.deliver(action, nil, context.tree)
      case .finished, .cancelled:
        let message = effectMessage(
          "An effect sent an action after it had been cancelled and had finished.",
          effect: effect, origin: context.origin, detail: "  Action: \(describe(action))",
          advice: "The action was dropped: cancellation is final. Its send escaped the effect's "
            + "operation: await the work that sends inside the operation, so that the effect "
            + "lasts as long as it does and its cancellation reaches that work.")
        reporter.report(message, at: context.origin?.location)
      }
    }
    await perform(run, of: effect, send: send, context: context)
    // The effect ends once the actions its escaped sends started delivering have arrived.
    while true {
      let isCancelled = Task.isCancelled || !registry.isLive(token)
      let ended = await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
        let ended = life.withLock { state -> Bool in
          guard state.inFlight == 0 else {
            state.waiter = waiter
            return false
          }
          state.phase = isCancelled ? .cancelled : .finished
          return true
        }
        if ended { waiter.resume(returning: true) }
      }
      if ended { return }
    }
  }

  /// Reports a dismissal (the `.dismiss()` effect, or `send.dismiss()` in `effect`) that no
  /// presentation or stack runs.
  private func reportDismissalOfNothing(
    by effect: Effect<Action>, at location: SourceCodeLocation, context: Context,
    to reporter: IssueReporter, fromSend: Bool = false
  ) {
    let advice =
      fromSend
      ? "send.dismiss() reaches the nearest ifLet over a PresentationAction, or forEach over a "
        + "StackAction, above the reducer whose effect calls it; this one runs under neither."
      : ".dismiss() reaches the nearest ifLet over a PresentationAction, or forEach over a "
        + "StackAction, above the reducer that returns it; this one runs under neither."
    let message = effectMessage(
      "An effect asked to dismiss a screen, but nothing presents it.", effect: effect,
      origin: context.origin, detail: nil, advice: advice)
    reporter.report(message, at: location)
  }

  /// Runs a `.run` effect's operation with `send`, and its handler when it throws.
  private func perform(
    _ run: Effect<Action>.Run, of effect: Effect<Action>, send: Send<Action>, context: Context
  ) async {
    // Cancelled before it started (its store released, its screen dismissed, while the task
    // waited for its executor): the operation never runs, so it calls nothing it was given.
    guard !Task.isCancelled else { return }
    do {
      try await run.operation(send)
    } catch {
      guard !(error is CancellationError), !Task.isCancelled else { return }
      if let handler = run.handler {
        await handler(error, send)
      } else {
        let message = effectMessage(
          "An effect threw an error that nothing handled.", effect: effect,
          origin: context.origin, detail: "  Error: \(describe(error))",
          advice: "Handle it with .run(…, catch: { error, send in … }) and send an action that "
            + "describes the failure.")
        IssueReporter.current.report(message, at: context.origin?.location)
      }
    }
  }

  // MARK: - Tasks

  private func launch(
    _ launches: [Launch], parent: Int?, context: Context
  ) -> [LaunchedTask] {
    launches.map { launch in
      let children = launch.children.isEmpty ? nil : PendingChildTasks()
      let (token, task) = registry.launch(
        ids: launch.ids, watches: launch.watches, effectGroup: context.effectGroup,
        parent: parent, origin: context.origin, effect: launch.effect
      ) { token in
        let body = launch.body
        // Only a top-level task joins the tree: the tasks it launches are its own to wait for.
        let tree = parent == nil ? context.tree : nil
        tree?.enter(token)
        let operation: @Sendable () async -> Void = {
          await body(token, await children?.tasks ?? [])
          self.registry.remove(token)
          tree?.leave(token, wasCancelled: Task.isCancelled)
          JobEnds.noteVisibleEnd()  // Finished: nothing of it is left anywhere.
        }
        guard let scheduler else { return Task(priority: launch.priority, operation: operation) }
        return ManualClock.$current.withValue(scheduler) {
          Task(executorPreference: scheduler, priority: launch.priority, operation: operation)
        }
      }
      if parent == nil { context.tree?.attach(token, task) }
      children?.fill(self.launch(launch.children, parent: token, context: context))
      return LaunchedTask(token: token, task: task)
    }
  }

  /// Waits for tasks, cancelling them if the waiting task is cancelled.
  private func wait(for tasks: [LaunchedTask]) async {
    guard !tasks.isEmpty else { return }
    await withTaskCancellationHandler {
      for child in tasks {
        // On a clock, a child still registered has not finished (the clock runs one job at a
        // time, and a task leaves the registry as it finishes), so this wait suspends; the
        // child's end resumes it through the clock's queue, as its executor preference asks.
        // The clock can see that, and needs no main-actor turn for it.
        if scheduler != nil, registry.contains(child.token) { JobEnds.noteVisibleEnd() }
        await child.task.value
      }
    } onCancel: {
      for child in tasks { child.task.cancel() }
    }
  }
}

/// Where a `.run` effect's operation is: what its `Send` does with an action depends on it.
private enum EffectLife: Sendable {
  case running, finished, cancelled
}

/// A `.run` effect's phase, the actions its sends are delivering, and the effect's end waiting
/// for them.
private struct EffectLifeState: Sendable {
  var phase = EffectLife.running
  var inFlight = 0
  var waiter: CheckedContinuation<Bool, Never>?
}

/// A report about one effect: a heading, the effect and the step that started it, one detail
/// line, and what to do.
private func effectMessage(
  _ heading: String, effect: Effect<some Sendable>, origin: EffectOrigin?, detail: String?,
  advice: String
) -> String {
  var lines = [heading, "", "  Effect: \(effect)"]
  if let origin { lines.append("  Started by: \(origin)") }
  if let detail { lines.append(detail) }
  lines += ["", advice]
  return lines.joined(separator: "\n")
}
