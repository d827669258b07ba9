/// A running feature, with its types hidden: what the REPL's commands talk to.
@MainActor
protocol REPLSession: AnyObject {
  var featureName: String { get }
  var environmentName: String { get }
  var environmentNames: [String] { get }
  var clockDescription: String { get }
  var hasRunningEffects: Bool { get }
  var caseNames: [String: Set<String>] { get }
  var topLevelCaseNames: [String] { get }

  func send(_ text: String) async throws(InputError)
  /// The action the line spells, printed with secrets redacted; `nil` if it does not parse.
  func redacted(_ text: String) -> String?
  func showState(path: String) throws(InputError)
  func showView()
  func showHistory()
  func jump(to index: Int) throws(InputError)
  func back(_ steps: Int) throws(InputError)
  func undo() throws(InputError)
  func reset()
  func switchEnvironment(_ name: String) throws(InputError)
  func setClock(_ mode: REPLOptions.ClockMode) async
  func advance(by duration: Duration) async
  func tick() async
  func showEffects()
  func cancelEffect(_ number: Int?) async throws(InputError)
  func sessionFile() -> String
  func load(_ file: SessionFile) throws(InputError)
  func exportTest(named name: String) throws(InputError) -> String
  func settle() async
  func shutdown()
}
