import Tide
import TideInspect

extension Explorer {
  /// Shrinks a failing schedule and writes its report.
  ///
  /// - Parameters:
  ///   - found: The schedule that failed, without the steps that ended the run.
  ///   - kind: How it failed.
  @usableFromInline
  func report(
    found: [ExploreStep<Action>], failure kind: ExploreFailureKind,
    mode: ExploreReport<State, Action>.Mode, runs: Int, steps: Int,
    states: (seen: Int, distinct: Int)?
  ) async -> ExploreReport<State, Action> {
    let (schedule, run) = await shrink(found, kind)
    var text = kind.heading + "\n\n"
    switch mode {
    case .random(let seed, let index):
      text += "  Found by random exploration, seed \(seed) (run \(index ?? 0))"
    case .exhaustive(let depth):
      text += "  Found by exhaustive exploration to depth \(depth)"
    }
    guard let failure = run.failure else {
      // The schedule failed while it was explored, and not when it was run again from the
      // start: the feature depends on something its runs do not reset.
      let replayed = found.count == 1 ? "its step was" : "its \(found.count) steps were"
      text += "; it did not fail again when \(replayed) replayed.\n\n"
      text += found.enumerated().map { "  \($0.offset + 1). \($0.element)\n" }.joined()
      text +=
        "\n  Warning: the feature is not deterministic. Something the reducer or an effect reads "
        + "is not in its environment (UUID(), Date(), a global), or its environment keeps "
        + "something from one run to the next; the report and its test cannot reproduce this."
      return ExploreReport(
        mode: mode, runs: runs, steps: steps, states: states,
        failure: ExploreReport<State, Action>.Failure(
          kind: kind, schedule: found, foundLength: found.count, test: nil,
          messageWithoutTest: text, isDeterministic: false))
    }
    let divergence = await nondeterminism(of: schedule, against: run)
    if found.isEmpty {
      text += ": the initial state, before any step.\n"
    } else {
      let steps = found.count == 1 ? "step" : "steps"
      text += "; shrunk from \(found.count) \(steps) to \(schedule.count).\n\n"
    }
    for (index, step) in schedule.enumerated() {
      text += "  \(index + 1). \(step)\n"
    }
    let settledSteps = run.applied.count - (run.settleStart ?? run.applied.count)
    if settledSteps > 0 {
      text +=
        "  Then the run ended as a test must, in \(settledSteps) more step"
        + "\(settledSteps == 1 ? "" : "s") (waiting calls resolved with their first outcome, "
        + "timers run).\n"
    }
    let display = Inspector()
    switch failure.kind {
    case .invariant(let name):
      if let transition = failure.transition {
        let verb = transition.received ? "received" : "sent"
        let when =
          failure.step < schedule.count
          ? "Step \(failure.step + 1)" : "While the run ended, it"
        text += "\n  \(when) \(verb) \(display.line(transition.action)):\n\n"
        if let diff = display.diff(transition.before, transition.after) {
          text += diff.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }.joined(separator: "\n")
          text += "\n\n  (Before: −, After: +)\n"
        } else {
          text += "    (no change)\n"
        }
      }
      text += "\n  State: \(display.line(failure.state))\n"
      // A state invariant also sees the running effects: show them, as its message does.
      if invariants.contains(where: { $0.name == name && $0.isStateCheck }) {
        let running = run.runningAfterFailure
        text += "  Running: \(running.isEmpty ? "(none)" : running.joined(separator: ", "))\n"
      }
    case .runtimeIssue(let message):
      text +=
        "\n"
        + message.split(separator: "\n", omittingEmptySubsequences: false)
        .map { "  " + $0 }.joined(separator: "\n") + "\n"
    case .effectsStillRunning(let running):
      text += "\n" + running.map { "  Still running: \($0)\n" }.joined()
    }
    if let divergence {
      text += "\n  " + divergence + "\n"
    }
    let reported = ExploreReport<State, Action>.Failure(
      kind: failure.kind, schedule: schedule, foundLength: found.count,
      test: exportTest(run: run, failure: failure),
      messageWithoutTest: text.trimmingTrailingNewlines(), isDeterministic: divergence == nil)
    return ExploreReport(mode: mode, runs: runs, steps: steps, states: states, failure: reported)
  }

  /// Replays a schedule twice more and compares each run's reductions (actions and states) with
  /// `run`'s: a feature that reads the outside world behind its environment's back (`UUID()`,
  /// `Date()`, a global) gives different states, and then neither the report nor the exported
  /// test can be trusted to reproduce. Returns what the report says about it, or `nil`.
  func nondeterminism(
    of schedule: [ExploreStep<Action>],
    against run: ExploreRun<State, Action, Environment>
  ) async -> String? {
    for _ in 0..<2 {
      let again = await self.run(schedule, settling: true)
      let first = run.transitions
      let second = again.transitions
      let count = min(first.count, second.count)
      if let index = (0..<count).first(where: {
        first[$0].action != second[$0].action || first[$0].after != second[$0].after
      }) {
        let display = Inspector()
        return
          "Warning: the feature is not deterministic. Replaying this schedule gave another state "
          + "after \(display.line(first[index].action)) (reduction \(index + 1)):\n\n"
          + "    First:  \(display.line(first[index].after))\n"
          + "    Again:  \(display.line(second[index].after))\n\n"
          + "  Something the reducer or an effect reads is not in its environment (UUID(), "
          + "Date(), a global); move it into the environment, or the report and the exported "
          + "test may not reproduce."
      }
      if first.count != second.count {
        return
          "Warning: the feature is not deterministic. Replaying this schedule reduced "
          + "\(second.count) actions, not \(first.count); move what it reads from outside into "
          + "its environment, or the report and the exported test may not reproduce."
      }
    }
    return nil
  }

  /// The shortest schedule found that still fails the same way: steps removed in halves, two
  /// side by side at any offset, any two apart and any run of three or more at any offset (in a
  /// short schedule), then one by one; then
  /// sends replaced by simpler actions or payloads and outcomes by earlier ones, and sends in a
  /// row put in the generator's order, until nothing more changes. Candidates are replayed
  /// leniently: a resolution whose call a simpler send made with other arguments ends that call,
  /// and one whose call a removed send never made ends another waiting call of its name (the
  /// oldest, then the newest).
  func shrink(
    _ schedule: [ExploreStep<Action>], _ kind: ExploreFailureKind
  ) async -> ([ExploreStep<Action>], ExploreRun<State, Action, Environment>) {
    // Every run ends as a test must, so a shorter schedule whose failure shows only while it
    // ends (a resolve that ending would make anyway, left out) still fails the same way.
    var best = schedule
    var bestRun = await run(best, settling: true)
    var turns = MainActorTurns()
    func attempt(_ candidate: [ExploreStep<Action>]) async -> Bool {
      await turns.yieldIfDue()
      // Leniently: a send made simpler may make its call with other arguments, and the step
      // that resolved the old call then resolves the new one; a send removed may leave other
      // calls of the name waiting, and the step then resolves the oldest, or else the newest.
      var run = await self.run(candidate, settling: true, leniency: .oldest)
      if run.failure == nil || run.failure?.kind.matches(kind) == false, run.resolvedAnotherCall {
        run = await self.run(candidate, settling: true, leniency: .newest)
      }
      guard let failure = run.failure, failure.kind.matches(kind) else { return false }
      let applied = run.schedule(to: failure)
      guard applied.count < best.count || (applied.count == best.count && applied != best)
      else { return false }
      best = applied
      bestRun = run
      return true
    }
    var rounds = 0
    var changed = true
    while changed, rounds < 8 {
      changed = false
      rounds += 1
      var chunk = max(best.count / 2, 1)
      while chunk >= 1 {
        var start = 0
        while start < best.count {
          let end = min(start + chunk, best.count)
          if await attempt(Array(best[..<start] + best[end...])) {
            changed = true
          } else {
            start += chunk
          }
        }
        chunk /= 2
      }
      // Two steps side by side at any offset (the halving above only tries even ones), then,
      // in a short schedule, any two steps apart: a step and the one that undoes it often fail
      // differently when only one of them is removed.
      var start = 0
      while start + 1 < best.count {
        if await attempt(Array(best[..<start] + best[(start + 2)...])) {
          changed = true
        } else {
          start += 1
        }
      }
      if best.count <= 32 {
        var first = 0
        pairs: while first < best.count {
          for second in (first + 2)..<max(best.count, first + 2) {
            var candidate = best
            candidate.remove(at: second)
            candidate.remove(at: first)
            if await attempt(candidate) {
              changed = true
              continue pairs
            }
          }
          first += 1
        }
        // Every run of three steps or more at every offset, longest first: the halving tries
        // only some sizes, at offsets that are multiples of the size.
        var size = best.count - 1
        while size >= 3 {
          var start = 0
          while start + size <= best.count {
            if await attempt(Array(best[..<start] + best[(start + size)...])) {
              changed = true
            } else {
              start += 1
            }
          }
          size = min(size - 1, best.count - 1)
        }
      }
      for index in best.indices {
        guard index < best.count else { break }
        switch best[index] {
        case .send:
          let before = await run(Array(best[..<index]))
          // Each success is strictly simpler (an earlier literal action, a shorter or plainer
          // payload), so the same step is simplified again until nothing simpler fails.
          var improved = true
          while improved, index < best.count, case .send(let action) = best[index] {
            improved = false
            let literal = actions(before.state)
            let limit = literal.firstIndex(of: action) ?? literal.count
            // Literal actions earlier in the list, then simpler payloads of a generated one.
            var candidates = Array(literal[..<limit])
            for generator in generated {
              candidates += generator.simpler(action, before.state)
            }
            for candidate in candidates {
              var simpler = best
              simpler[index] = .send(candidate)
              if await attempt(simpler) {
                changed = true
                improved = true
                break
              }
            }
          }
        case .resolve(let call, let name, let outcome, let label, let number) where outcome > 0:
          for simpler in 0..<outcome {
            var candidate = best
            candidate[index] = .resolve(
              call: call, name: name, outcome: simpler, label: label, number: number)
            if await attempt(candidate) {
              changed = true
              break
            }
          }
        default:
          break
        }
      }
      // Two sends in a row go in the generator's order when the failure does not depend on it,
      // so the same bug shrinks to the same schedule whichever run found it.
      var index = 0
      while index + 1 < best.count {
        if case .send(let first) = best[index], case .send(let second) = best[index + 1] {
          let before = await run(Array(best[..<index]))
          let candidates = actions(before.state)
          if let firstRank = candidates.firstIndex(of: first),
            let secondRank = candidates.firstIndex(of: second), secondRank < firstRank
          {
            var swapped = best
            swapped.swapAt(index, index + 1)
            if await attempt(swapped) {
              changed = true
              index = max(index - 1, 0)
              continue
            }
          }
        }
        index += 1
      }
    }
    return (best, bestRun)
  }
}

extension String {
  func trimmingTrailingNewlines() -> String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
