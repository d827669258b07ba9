import Foundation

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
      return "a page sends one action in Swift syntax, such as .loginButtonTapped"
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
      feature: feature.name, summary: feature.summary, environment: session.environmentName,
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

  /// The session as a TestStore test, as `:export-test` writes it, but with every secret as the
  /// editor placeholder `<#secret#>`: secrets never leave the REPL.
  ///
  /// - Returns: The test's source, or why there is none.
  package func webExportTest(byteLimit: Int = .max) -> Result<String, REPLWebExportError> {
    do {
      return .success(
        try session.exportTest(
          named: "replaysSession", secretPlaceholder: "<#secret#>", byteLimit: byteLimit))
    } catch {
      return .failure(REPLWebExportError(message: error.message))
    }
  }
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
