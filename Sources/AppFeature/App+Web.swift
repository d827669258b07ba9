import Foundation

extension App {
  /// The folder of the app's web page (`index.html`, `app.js`, `app.css`), for the web front:
  /// it renders ``ViewState`` and sends an ``Action`` for every keystroke and click.
  ///
  /// <!-- example: in repl-feature -->
  /// ```swift
  /// REPLFeature(
  ///   name: "app", summary: "the app", initialState: App.State(), reducer: App.reducer,
  ///   environments: [REPLEnvironment("demo", summary: "demo data") { .demo(clock: $0) }],
  ///   view: { App.ViewState($0) }, page: App.webPage)
  /// ```
  public static var webPage: URL? {
    Bundle.module.url(forResource: "Web", withExtension: nil)
  }
}
