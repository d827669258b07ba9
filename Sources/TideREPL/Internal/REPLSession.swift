import TideRecord

/// A running feature, with its types hidden: what the REPL's commands talk to.
@MainActor
protocol REPLSession: AnyObject {
  var featureName: String { get }
  var environmentName: String { get }
  var environmentNames: [String] { get }
  var clockDescription: String { get }
  var hasRunningEffects: Bool { get }
  var runningEffectDescriptions: [String] { get }
  var caseNames: [String: Set<String>] { get }
  var topLevelCaseNames: [String] { get }
  /// The name of a field of the state, for `:help`'s example of `:state`; `nil` when it has none.
  var stateFieldExample: String? { get }
  /// The labels whose values are secret, for hiding them in lines that failed.
  var secretLabels: Set<String> { get }

  /// Parses and decodes a line into an action, ready to send.
  func prepare(_ text: String) throws(InputError) -> PreparedAction
  func showState(path: String) throws(InputError)
  func showView()
  func showHistory()
  func jump(to index: Int) async throws(InputError)
  func back(_ steps: Int) async throws(InputError)
  func undo() async throws(InputError)
  func reset()
  func switchEnvironment(_ name: String) throws(InputError)
  func setClock(_ mode: REPLOptions.ClockMode) async
  func advance(by duration: Duration) async throws(InputError)
  func tick() async
  func showEffects()
  func cancelEffect(_ number: Int?) async throws(InputError)
  func sessionFile() throws(InputError) -> String
  func load(_ file: SessionFile) async throws(InputError)
  /// Re-runs a served store's recording so far, quietly, and prints the steps not printed yet.
  func follow(_ file: SessionFile) async throws(InputError)
  /// How many times following re-ran the whole recording.
  var followReruns: Int { get }
  /// A TestStore test of the session; secrets print as `secretPlaceholder` when one is given.
  func exportTest(named name: String, secretPlaceholder: String?) throws(InputError) -> String
  /// The steps of the last `exportTest` that reported issues (an action for a screen that is
  /// gone), numbered from 1, with each issue's first line.
  var warnedStepsOfLastExport: [(step: Int, issue: String)] { get }
  /// The session's test, its head written and its steps still to write: for a writer that
  /// hands the main actor back between steps.
  func testExport(
    named name: String, secretPlaceholder: String?, byteLimit: Int
  ) throws(InputError) -> REPLTestExportInProgress
  /// How many steps the history has, and how many led to the current state.
  var stepCounts: (total: Int, cursor: Int) { get }
  /// The view state as JSON with secrets as `null`, or `nil` when the feature has no view.
  var viewJSON: String? { get }
  /// Steps `range` (numbered from 1) as JSON objects, secrets redacted.
  func stepsJSON(_ range: ClosedRange<Int>) -> [String]
  /// The effects steps started, as a JSON array, on the session's clock.
  var effectsJSON: String { get }
  /// Whether the feature registered an explorer.
  var canExplore: Bool { get }
  /// Whether `:export-test` writes the explorer's test of the failure `:explore` loaded.
  var exportsExploredFailure: Bool { get }
  /// `:resolve`: lists the waiting calls, or ends one.
  func resolve(_ argument: String) async throws(InputError)
  /// `:explore`: searches the feature's schedules and loads a failure into the history.
  func explore(_ argument: String) async throws(InputError)
  /// Runs every effect job that can run now, then prints the steps they made.
  func runReadyEffects() async
  func shutdown()
}

/// A line decoded into an action: how to print it, and how to send it.
@MainActor
struct PreparedAction {
  /// The action as the inspector prints it, secrets redacted.
  let display: String
  /// The action in Swift syntax, secrets included: what is sent to a served store.
  let source: String
  /// Sends it, as sent from `origin`.
  let send: (_ origin: StepOrigin) async -> Void
}
