import AddLocationFeature
import Foundation
import Tide
import TideInspect

extension App.ViewState {
  /// The place's screen on top of the stack, as a page shows it: every text already written,
  /// and each button with the action it sends, in Swift syntax.
  ///
  /// ```swift
  /// let brussels = Location(id: 2_800_866, name: "Brussels", countryName: "Belgium", latitude: 50.85045, longitude: 4.34878)
  /// let view = App.ViewState.PlaceView(screen: 0, depth: 1, detail: PlaceDetail.State(location: brussels))
  /// print(view.title, view.back)  // Brussels .path(.popFrom(id: 0))
  /// ```
  public struct PlaceView: Equatable, Sendable {
    /// The screen's identifier in the stack.
    public var screen: Int
    /// How many screens the stack holds.
    public var depth: Int
    /// The place's name.
    public var title: String
    /// What the gazetteer knows: country, population, coordinates, time zone.
    public var facts: [String]
    /// The other places with its name; one already saved ends with " (saved)".
    public var namesakes: [String]
    /// What the namesakes list says when it has nothing to show: looking, none, or the failure.
    public var namesakesMessage: String?
    /// The rename sheet's text, while the sheet is shown.
    public var rename: String?
    /// The delete confirmation or the alert, while one is shown.
    public var prompt: Prompt?
    /// The action that goes back to the list.
    public var back: String
    /// The actions of the screen's buttons and of the rename sheet, in Swift syntax.
    public var actions: Actions

    /// The actions a page sends from the screen.
    public struct Actions: Equatable, Sendable {
      /// Opens the rename sheet.
      public var rename: String
      /// Asks to confirm the deletion.
      public var delete: String
      /// Saves the sheet's name.
      public var save: String
      /// Closes the sheet.
      public var cancel: String
      /// Sets the sheet's name to the text in `$NAME`, a Swift string literal.
      public var nameChanged: String

      /// The actions of a place's screen.
      ///
      /// - Parameters:
      ///   - rename: Opens the rename sheet.
      ///   - delete: Asks to confirm the deletion.
      ///   - save: Saves the sheet's name.
      ///   - cancel: Closes the sheet.
      ///   - nameChanged: Sets the sheet's name to `$NAME`.
      public init(rename: String, delete: String, save: String, cancel: String, nameChanged: String)
      {
        self.rename = rename
        self.delete = delete
        self.save = save
        self.cancel = cancel
        self.nameChanged = nameChanged
      }
    }

    /// A confirmation or an alert: its texts and its buttons.
    public struct Prompt: Equatable, Sendable {
      /// The title.
      public var title: String
      /// The text under the title.
      public var message: String?
      /// The buttons, in order; none shows an "OK" that dismisses.
      public var buttons: [Button]
      /// What dismissing it sends.
      public var dismiss: String

      /// A prompt.
      ///
      /// - Parameters:
      ///   - title: The title.
      ///   - message: The text under the title.
      ///   - buttons: The buttons.
      ///   - dismiss: What dismissing it sends.
      public init(title: String, message: String?, buttons: [Button], dismiss: String) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.dismiss = dismiss
      }
    }

    /// A button of a prompt.
    public struct Button: Equatable, Sendable {
      /// Its title.
      public var label: String
      /// `"cancel"`, `"destructive"`, or `nil`.
      public var role: String?
      /// What tapping it sends, in Swift syntax.
      public var action: String

      /// A button.
      ///
      /// - Parameters:
      ///   - label: Its title.
      ///   - role: `"cancel"`, `"destructive"`, or `nil`.
      ///   - action: What tapping it sends.
      public init(label: String, role: String?, action: String) {
        self.label = label
        self.role = role
        self.action = action
      }
    }

    /// The view of a place's screen.
    ///
    /// - Parameters:
    ///   - screen: The screen's identifier in the stack.
    ///   - depth: How many screens the stack holds.
    ///   - detail: The screen's state.
    public init(screen: Int, depth: Int, detail: PlaceDetail.State) {
      let location = detail.location
      let id = StackElementID(rawValue: screen)
      func line(_ action: PlaceDetail.Action) -> String {
        Inspector().line(App.Action.path(.element(id: id, action: action)))
      }
      func presented(_ action: PlaceDetail.Destination.Action) -> String {
        line(.destination(.presented(action)))
      }
      self.screen = screen
      self.depth = depth
      title = location.name
      facts = Self.facts(of: location)
      let saved = detail.savedLocations.value
      namesakes = (detail.namesakes ?? []).map {
        let name = $0.countryName.isEmpty ? $0.name : "\($0.name), \($0.countryName)"
        return saved.containsPlace($0) ? "\(name) (saved)" : name
      }
      namesakesMessage =
        if detail.isLoadingNamesakes {
          "Looking for other places called \(location.name)…"
        } else if let error = detail.lookupError {
          error
        } else if detail.namesakes?.isEmpty == true {
          "No other place is called \(location.name)."
        } else {
          nil
        }
      back = Inspector().line(App.Action.path(.popFrom(id: id)))
      actions = Actions(
        rename: line(.renameTapped), delete: line(.deleteTapped),
        save: presented(.rename(.saveTapped)), cancel: presented(.rename(.cancelTapped)),
        nameChanged: presented(.rename(.binding(.set(\.name, "$NAME")))).replacingOccurrences(
          of: #""$NAME""#, with: "$NAME"))
      switch detail.destination {
      case .rename(let sheet)?:
        rename = sheet.name
        prompt = nil
      case .confirmDeletion(let dialog)?:
        rename = nil
        prompt = Prompt(
          title: dialog.title, message: dialog.message, buttons: dialog.buttons,
          sending: { line(.destination($0.map { .confirmDeletion($0) })) })
      case .alert(let alert)?:
        rename = nil
        prompt = Prompt(
          title: alert.title, message: alert.message, buttons: alert.buttons,
          sending: { line(.destination($0.map { .alert($0) })) })
      case nil:
        rename = nil
        prompt = nil
      }
    }

    /// The facts a screen lists about a place, those the gazetteer has.
    static func facts(of location: Location) -> [String] {
      var facts: [String] = []
      if !location.countryName.isEmpty {
        facts.append("Country: \(location.countryName) (\(location.countryCode))")
      }
      if location.population > 0 { facts.append("Population: \(grouped(location.population))") }
      facts.append("Coordinates: \(location.latitude), \(location.longitude)")
      if !location.timezone.isEmpty { facts.append("Time zone: \(location.timezone)") }
      return facts
    }

    /// `1019022` as `1,019,022`, the same in every locale, so a page and its tests agree.
    static func grouped(_ number: Int) -> String {
      let digits = String(number.magnitude)
      var groups: [Substring] = []
      var end = digits.endIndex
      while end > digits.startIndex {
        let start =
          digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
        groups.insert(digits[start..<end], at: 0)
        end = start
      }
      return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
  }
}

extension App.ViewState.PlaceView.Prompt {
  /// The prompt of a confirmation's or an alert's texts and buttons, each button sending what
  /// `sending` makes of its tap, and dismissing sending what it makes of `.dismiss`.
  init<Action: Sendable>(
    title: String, message: String?, buttons: [ButtonState<Action>],
    sending: (PresentationAction<Action>) -> String
  ) {
    self.init(
      title: title, message: message,
      buttons: buttons.map { button in
        App.ViewState.PlaceView.Button(
          label: button.label, role: button.role?.rawValue, action: sending(button.tapAction))
      },
      dismiss: sending(.dismiss))
  }
}
