import Foundation
import TideExplore
import TideRecord

/// What a second front (the web front in TideWeb) needs of a running REPL: it sends lines as a
/// page, follows every change, and reads the session as JSON. All of it goes through the same
/// session as the lines typed in the REPL, one at a time, and every step a page sends is printed
/// in the REPL like a typed one.
extension REPL {
  /// Calls `handler` after every line, page action, tick and interruption that may have changed
  /// the session.
  ///
  /// - Parameters:
  ///   - handler: What to call, on the main actor.
  package func onChange(_ handler: @escaping @MainActor () -> Void) {
    changeHandlers.append(handler)
  }

  func notifyChange() {
    for handler in changeHandlers { handler() }
  }

  /// Sends an action a page sent, in Swift syntax, as if typed after `web> `.
  ///
  /// - Parameters:
  ///   - line: One action: `.login(.usernameChanged("ada"))`.
  /// - Returns: The error the REPL printed, or `nil` when the action was sent.
  package func sendFromPage(_ line: String) async -> String? {
    let trimmed = line.trimmingWhitespace()
    guard !trimmed.hasPrefix(":"), !trimmed.hasPrefix("#"), !trimmed.isEmpty else {
      // The feature's own example, when it gives one.
      return "a page sends one action in Swift syntax, "
        + (feature.exampleLines.first.map { "such as \($0)" } ?? "such as .name or .name(…)")
    }
    guard !trimmed.contains(where: \.isNewline) else {
      return "a page sends one action, on one line"
    }
    return await handle(trimmed, from: .page).failure
  }

  /// Travels to step `step` (0 is the initial state), as `:jump` does, for a page.
  ///
  /// - Parameters:
  ///   - step: The step to travel to.
  /// - Returns: The error the REPL printed, or `nil`.
  package func jumpFromPage(to step: Int) async -> String? {
    await handle(":jump \(step)", from: .page).failure
  }

  /// The session now, for a page.
  package var webSnapshot: REPLWebSnapshot {
    let counts = session.stepCounts
    return REPLWebSnapshot(
      feature: feature.name, summary: feature.summary,
      environment: attachment.map { "\($0.environment), followed by \(options.commandName) attach" }
        ?? session.environmentName,
      clock: session.clockDescription, stepCount: counts.total, cursor: counts.cursor,
      viewJSON: session.viewJSON, page: feature.page,
      runningEffects: session.runningEffectDescriptions)
  }

  /// How many steps the history has, and how many led to the current state: what a page
  /// needs when it does not need the whole ``webSnapshot``.
  package var webStepCounts: (total: Int, cursor: Int) { session.stepCounts }

  /// The folder of the current feature's page, if it has one.
  package var webPage: URL? { feature.page }

  /// Steps `range` (numbered from 1; the part outside the history is left out) as JSON objects with their number,
  /// kind (`send` or `receive`), origin (`repl`, `page` or `effect`), action, time in
  /// milliseconds, environment, diff and effect; secrets redacted.
  ///
  /// - Parameters:
  ///   - range: The steps.
  package func webSteps(_ range: ClosedRange<Int>) -> [String] {
    session.stepsJSON(range)
  }

  /// The effects the session's steps started, as a JSON array of their description, start,
  /// end (`null` while running) and whether they were cancelled, in milliseconds of the
  /// session's clock.
  package var webEffects: String { session.effectsJSON }
}

extension REPL {
  /// The session as a TestStore test, as `:export-test` writes it, but with every secret as the
  /// editor placeholder `<#secret#>` (secrets never leave the REPL), written a step at a time
  /// with the main actor handed back every couple of milliseconds, so that a long session's
  /// download does not hold up the REPL's lines. It is the session as it was when the download
  /// started.
  ///
  /// - Parameter byteLimit: The most bytes the test may have; past it, the writing stops and
  ///   the download is refused.
  package func webExportTestIncrementally(byteLimit: Int) async -> Result<
    REPLWebExport, REPLWebExportError
  > {
    var export: REPLTestExportInProgress
    do {
      export = try session.testExport(
        named: "replaysSession", secretPlaceholder: "<#secret#>", byteLimit: byteLimit)
    } catch {
      return .failure(REPLWebExportError(message: error.message))
    }
    let clock = ContinuousClock()
    var turn = clock.now
    while let steps = export.nextSteps() {
      for step in steps where !export.writer.write(step) {
        return .failure(REPLWebExportError(message: Self.tooLarge(byteLimit)))
      }
      if clock.now - turn > .milliseconds(2) {
        await Task.yield()
        turn = clock.now
      }
    }
    guard let test = export.writer.finish(effectsStillRunning: export.effectsStillRunning) else {
      return .failure(REPLWebExportError(message: Self.tooLarge(byteLimit)))
    }
    return .success(
      REPLWebExport(source: test, note: Self.exportNote(warned: export.warnedSteps())))
  }
}

extension REPL {
  /// Why a page's download of the test was refused: it would pass `byteLimit` bytes.
  fileprivate static func tooLarge(_ byteLimit: Int) -> String {
    "the session's test would be larger than \(byteLimit) bytes; export it in the REPL with "
      + ":export-test, which writes a file"
  }
}

/// A session's test for a page, and the note `:export-test` would print with it.
package struct REPLWebExport: Sendable {
  /// The test's source.
  package let source: String
  /// Which steps reported issues when they ran, when some did.
  package let note: String?
}

/// Why a session could not be exported for a page.
package struct REPLWebExportError: Error {
  package let message: String
}

/// A running session, as the web front shows it.
package struct REPLWebSnapshot: Sendable {
  package var feature: String
  package var summary: String
  package var environment: String
  package var clock: String
  package var stepCount: Int
  package var cursor: Int
  /// The view state as JSON, secrets `null`; `nil` when the feature has no view.
  package var viewJSON: String?
  /// The folder of the feature's own page, if it has one.
  package var page: URL?
  package var runningEffects: [String]
}
