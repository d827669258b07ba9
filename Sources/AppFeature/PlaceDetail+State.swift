import AddLocationFeature
import Tide

extension PlaceDetail {
  /// The place, its namesakes, and what is presented over the screen.
  public struct State: Equatable, Sendable, Codable, SharedState {
    /// The saved place.
    public var location: Location
    /// Other places with its name, once looked up.
    public var namesakes: [Location]?
    /// Whether the lookup runs.
    public var isLoadingNamesakes: Bool
    /// Why the lookup failed, if it did.
    public var lookupError: String?
    /// The rename sheet, the delete confirmation, or the alert, if one is shown.
    public var destination: Destination.State?
    /// The saved places, shared with the list and the search: a rename or a deletion changes
    /// them here, and every screen sees it in the same step; namesakes already saved are marked.
    public var savedLocations: Shared<IdentifiedArray<Location>>

    /// The screen's shared field: ``savedLocations``.
    public static let sharedFields: [SharedField<Self>] = [.field(\.savedLocations)]

    /// A screen for a saved place, nothing looked up or presented yet.
    ///
    /// - Parameters:
    ///   - location: The saved place.
    ///   - namesakes: Other places with its name, once looked up.
    ///   - isLoadingNamesakes: Whether the lookup runs.
    ///   - lookupError: Why the lookup failed.
    ///   - destination: What is presented over the screen.
    ///   - savedLocations: The saved places: by default a copy that takes the list the other
    ///     screens hold; alone, the place by itself.
    public init(
      location: Location, namesakes: [Location]? = nil, isLoadingNamesakes: Bool = false,
      lookupError: String? = nil, destination: Destination.State? = nil,
      savedLocations: Shared<IdentifiedArray<Location>>? = nil
    ) {
      self.location = location
      self.namesakes = namesakes
      self.isLoadingNamesakes = isLoadingNamesakes
      self.lookupError = lookupError
      self.destination = destination
      self.savedLocations =
        savedLocations ?? Shared(key: AddLocation.savedLocationsKey, default: [location])
    }
  }

  /// What the screen handles.
  public enum Action: Equatable, Sendable, Codable {
    /// The screen appeared: look up the place's namesakes.
    case appeared
    /// The namesakes arrived.
    case namesakesLoaded([Location])
    /// The lookup failed.
    case namesakesFailed(String)
    /// Opens the rename sheet.
    case renameTapped
    /// Asks to confirm the deletion.
    case deleteTapped
    /// The rename sheet's, the confirmation's and the alert's actions.
    case destination(PresentationAction<Destination.Action>)
    /// What the screen asks the app to do.
    case delegate(Delegate)
  }

  /// What the screen asks the app to do.
  public enum Delegate: Equatable, Sendable, Codable {
    /// The place was deleted from the saved places: pop its screen.
    case deleteConfirmed
  }

  /// What the screen presents, one at a time.
  public enum Destination {
    /// The presented screen.
    public enum State: Equatable, Sendable, Codable, DestinationState {
      /// The rename sheet.
      case rename(RenamePlace.State)
      /// The delete confirmation.
      case confirmDeletion(ConfirmationDialogState<Dialog>)
      /// A rename that could not be saved.
      case alert(AlertState<Alert>)
    }

    /// Their actions.
    public enum Action: Equatable, Sendable, Codable {
      /// The rename sheet's.
      case rename(RenamePlace.Action)
      /// The confirmation's buttons'.
      case confirmDeletion(Dialog)
      /// The alert's buttons'.
      case alert(Alert)
    }

    /// The confirmation's buttons.
    public enum Dialog: Equatable, Sendable, Codable {
      /// Delete the place.
      case delete
    }

    /// The alert's buttons.
    public enum Alert: Equatable, Sendable, Codable {
      /// Open the rename sheet again.
      case renameAgain
    }

    /// Runs the rename sheet; the confirmation and the alert have no logic of their own.
    static let reducer: Reducer<State, Action, Void> = RenamePlace.reducer.pullback(
      state: CasePath(State.rename), action: CasePath(Action.rename), environment: { $0 })
  }
}

extension PlaceDetail.State {
  /// Reads a screen's state, as a recorded push writes it. A state written before the screen
  /// shared the saved places has no `savedLocations`: it gets the copy a new screen gets. A copy
  /// under another key than `AddLocation.savedLocationsKey` is refused.
  ///
  /// ```swift
  /// let json = #"{"location":{"id":0,"name":"Home","countryCode":"","countryName":"","latitude":1,"longitude":2,"population":0,"timezone":""},"isLoadingNamesakes":false}"#
  /// let screen = try JSONDecoder().decode(PlaceDetail.State.self, from: Data(json.utf8))
  /// print(screen.savedLocations.value.map(\.name))  // ["Home"]
  /// ```
  ///
  /// - Parameters:
  ///   - decoder: What reads the state.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      location: try container.decode(Location.self, forKey: .location),
      namesakes: try container.decodeIfPresent([Location].self, forKey: .namesakes),
      isLoadingNamesakes: try container.decode(Bool.self, forKey: .isLoadingNamesakes),
      lookupError: try container.decodeIfPresent(String.self, forKey: .lookupError),
      destination: try container.decodeIfPresent(
        PlaceDetail.Destination.State.self, forKey: .destination),
      savedLocations: try Self.decodeSavedLocations(from: container))
  }

  /// The screen's copy of the saved places, if the state has one: under any other key, it would
  /// not be the list the other screens share, and a rename would never reach it.
  private static func decodeSavedLocations(from container: KeyedDecodingContainer<CodingKeys>)
    throws -> Shared<IdentifiedArray<Location>>?
  {
    guard
      let copy = try container.decodeIfPresent(
        Shared<IdentifiedArray<Location>>.self, forKey: .savedLocations)
    else { return nil }
    guard copy.key == AddLocation.savedLocationsKey else {
      throw DecodingError.dataCorruptedError(
        forKey: .savedLocations, in: container,
        debugDescription:
          "a place's screen shares the saved places under the key \"\(AddLocation.savedLocationsKey)\", not \"\(copy.key)\""
      )
    }
    return copy
  }
}

extension PlaceDetail.Action: CasePathable {
  /// The case paths a view scopes by: `store.scope(state: \.destination, action: \.destination)`.
  ///
  /// ```swift
  /// let destination = PlaceDetail.Action.allCasePaths.destination
  /// print(destination.embed(.dismiss) == .destination(.dismiss))  // true
  /// ```
  public struct AllCasePaths: Sendable {
    /// What the screen presents.
    public var destination:
      CasePath<PlaceDetail.Action, PresentationAction<PlaceDetail.Destination.Action>>
    {
      CasePath(
        embed: PlaceDetail.Action.destination,
        extract: { if case .destination(let action) = $0 { action } else { nil } })
    }
  }

  /// The case paths of the actions views scope to.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PlaceDetail.Destination.Action: CasePathable {
  /// The case paths a view scopes by: `store.scope(state: \.rename, action: \.rename)`.
  ///
  /// ```swift
  /// let rename = PlaceDetail.Destination.Action.allCasePaths.rename
  /// print(rename.embed(.saveTapped) == .rename(.saveTapped))  // true
  /// ```
  public struct AllCasePaths: Sendable {
    /// The rename sheet's actions.
    public var rename: CasePath<PlaceDetail.Destination.Action, RenamePlace.Action> {
      CasePath(
        embed: PlaceDetail.Destination.Action.rename,
        extract: { if case .rename(let action) = $0 { action } else { nil } })
    }
  }

  /// The case paths of the actions views scope to.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PlaceDetail.Destination.State {
  /// The rename sheet, when it is the one presented: what a view scopes to with `\.rename`.
  ///
  /// ```swift
  /// let sheet = PlaceDetail.Destination.State.rename(RenamePlace.State(name: "Paris"))
  /// print(sheet.rename?.name ?? "none", sheet.alert == nil)  // Paris true
  /// ```
  public var rename: RenamePlace.State? {
    get { if case .rename(let state) = self { state } else { nil } }
    set { if let newValue { self = .rename(newValue) } }
  }

  /// The delete confirmation, when it is the one presented.
  public var confirmDeletion: ConfirmationDialogState<PlaceDetail.Destination.Dialog>? {
    if case .confirmDeletion(let state) = self { state } else { nil }
  }

  /// The alert, when it is the one presented.
  public var alert: AlertState<PlaceDetail.Destination.Alert>? {
    if case .alert(let state) = self { state } else { nil }
  }
}
