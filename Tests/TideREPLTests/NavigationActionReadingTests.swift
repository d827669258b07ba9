import Testing
import Tide
import TideExpressions

/// The REPL reads navigation actions as a person types them: presentation, dismissal, a stack's
/// element actions by identifier, pops and pushes.
@Suite struct NavigationActionReadingTests {
  struct Detail: Codable, Equatable, Sendable { var name: String }
  enum DetailAction: Codable, Equatable, Sendable {
    case closeTapped
    case renamed(String)
  }
  enum Alert: Codable, Equatable, Sendable { case confirmDeletion(Int) }
  enum Action: Codable, Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case path(StackAction<Detail, DetailAction>)
  }

  @Test(arguments: [
    (".alert(.presented(.confirmDeletion(2)))", Action.alert(.presented(.confirmDeletion(2)))),
    (".alert(.dismiss)", Action.alert(.dismiss)),
    (
      ".path(.element(id: 1, action: .closeTapped))",
      Action.path(.element(id: 1, action: .closeTapped))
    ),
    (
      #".path(.element(id: 0, action: .renamed("Home")))"#,
      Action.path(.element(id: 0, action: .renamed("Home")))
    ),
    (".path(.popFrom(id: 3))", Action.path(.popFrom(id: 3))),
    (
      #".path(.push(id: 4, state: Detail(name: "Park")))"#,
      Action.path(.push(id: 4, state: Detail(name: "Park")))
    ),
  ])
  func readsANavigationAction(text: String, expected: Action) throws {
    #expect(try ActionReader.read(text, as: Action.self) == expected)
  }
}
