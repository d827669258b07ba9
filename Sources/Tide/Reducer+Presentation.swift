import Synchronization
import TideInspect

extension Reducer {
  /// Presents a child feature on optional state (a sheet, a pushed screen, a popover): runs it
  /// on its `.presented` actions, dismisses it on `.dismiss`, and cancels every effect it
  /// started, at once, however it goes away.
  ///
  /// The child is dismissed, and its effects cancelled, when:
  /// - the parent's action is `.dismiss` (a view closed it, or the child returned
  ///   ``Effect/dismiss(fileID:filePath:line:column:)``): the parent reducer sees the action
  ///   with the child still there, and the child's state is `nil` after it, unless the parent
  ///   presented another child in its place;
  /// - the parent sets the child's state to `nil`;
  /// - the parent replaces the child with another one: another case of a ``DestinationState``,
  ///   or a state with another `id` when it is `Identifiable`. Changing the presented state in
  ///   any other way is an update of the same screen.
  ///
  /// Effects are cancelled synchronously, in the step that dismisses, so no action of a dismissed
  /// child is reduced afterwards, and none reaches a newer child of the same kind. Cancellation
  /// identifiers inside the child are its own: its `.cancel(id:)` never reaches its parent's
  /// effects.
  ///
  /// An effect this reducer starts is its own and runs on, but it is tied to the child's
  /// presentations: once the child is dismissed by something other than the effect (a view, the
  /// child, another action), an action the effect sends to the child (`.presented` or
  /// `.dismiss`) is refused and reported, even when another child of the same kind is presented
  /// by then. An effect that shows and hides children in turn keeps reaching the ones it shows:
  ///
  /// ```
  /// An effect sent an action to a child dismissed since the effect started.
  ///
  ///   Action: .dismiss
  ///   Reducer: ifLet(\State.notice) at Inbox/Inbox.swift:21
  ///
  /// The child the action was meant for was dismissed after the effect started, by something other than the effect, and another one is presented now: the action changed nothing, and this reducer did not see it. Cancel the effect when the child goes away (return it from the child's reducer, or make it cancellable and cancel it on dismissal), or have it send an action of the parent that decides.
  /// ```
  ///
  /// An action meant for a screen that is not there changes nothing, reaches neither the child
  /// nor this reducer, and is reported: a `.presented` action or a `.dismiss` while the state is
  /// `nil`, and, for a destination (an enum state conforming to ``DestinationState``), an action
  /// for a case other than the one presented (a delete confirmation's button while the rename
  /// sheet is shown):
  ///
  /// ```
  /// An action was sent to a destination that is not the one presented.
  ///
  ///   Action: .confirmDeletion(.delete)
  ///   Presented: .rename
  ///   Reducer: ifLet(\State.destination) at PlaceDetail.swift:20
  ///
  /// The action is for .confirmDeletion, which is not presented: it changed nothing, and this reducer did not see it. A destination's state and action name their cases alike; if these two are meant to match, give them the same name.
  /// ```
  ///
  /// ```swift
  /// enum Rename {
  ///   struct State: Equatable { var name = "" }
  ///   enum Action: Sendable, Equatable { case nameChanged(String), saveTapped }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     switch action {
  ///     case .nameChanged(let name):
  ///       state.name = name
  ///       return .none
  ///     case .saveTapped:
  ///       return .dismiss()
  ///     }
  ///   }
  /// }
  /// enum Place {
  ///   struct State: Equatable {
  ///     var name = "Home"
  ///     var rename: Rename.State?
  ///   }
  ///   enum Action: Sendable, Equatable {
  ///     case renameTapped
  ///     case rename(PresentationAction<Rename.Action>)
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     switch action {
  ///     case .renameTapped:
  ///       state.rename = Rename.State(name: state.name)
  ///     case .rename(.presented(.saveTapped)):
  ///       state.name = state.rename?.name ?? state.name
  ///     case .rename:
  ///       break
  ///     }
  ///     return .none
  ///   }
  ///   .ifLet(\.rename, action: CasePath(Action.rename), environment: { _ in }, child: Rename.reducer)
  /// }
  ///
  /// let store = Store(initialState: Place.State(), reducer: Place.reducer, environment: ())
  /// store.send(.renameTapped)
  /// store.send(.rename(.presented(.nameChanged("Work"))))
  /// store.send(.rename(.presented(.saveTapped)))
  /// print(store.state.name, store.state.rename == nil)  // Work true
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the child's optional state.
  ///   - action: A case path from this reducer's action to the child's presentation actions.
  ///   - environment: A function that derives the child's environment from this one's.
  ///   - child: The child's reducer.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with the child's effects tied to its presentation.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: CasePath<Action, PresentationAction<ChildAction>>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    presenting(
      state, action: action, environment: environment, child: child.body,
      childSharing: child.sharing?.optional(state), dismissesOnAction: false,
      lifetime: ChildLifetime(
        operator: "ifLet", path: state, fileID: fileID, filePath: filePath, line: line,
        column: column))
  }

  /// Presents a child that has no logic of its own, such as an ``AlertState`` or a
  /// ``ConfirmationDialogState``: any `.presented` action (a button's) dismisses it, after this
  /// reducer has seen the action, unless this reducer presented another child in its place or
  /// changed it (a "Try again" button that shows the form anew, an "Incremented!" alert after the
  /// alert's button: what differs from the alert shown stays; an equal alert is the one shown,
  /// and goes); `.dismiss` dismisses it too.
  ///
  /// ```swift
  /// enum Places {
  ///   struct State: Equatable {
  ///     var names = ["Home", "Work"]
  ///     var alert: AlertState<Alert>?
  ///   }
  ///   enum Alert: Sendable, Equatable { case confirmDeletion }
  ///   enum Action: Sendable, Equatable {
  ///     case deleteTapped
  ///     case alert(PresentationAction<Alert>)
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     switch action {
  ///     case .deleteTapped:
  ///       state.alert = AlertState(title: "Delete every place?") {
  ///         ButtonState(role: .destructive, "Delete", action: .confirmDeletion)
  ///         ButtonState(role: .cancel, "Cancel")
  ///       }
  ///     case .alert(.presented(.confirmDeletion)):
  ///       state.names = []
  ///     case .alert(.dismiss):
  ///       break
  ///     }
  ///     return .none
  ///   }
  ///   .ifLet(\.alert, action: CasePath(Action.alert))
  /// }
  ///
  /// let store = Store(initialState: Places.State(), reducer: Places.reducer, environment: ())
  /// store.send(.deleteTapped)
  /// store.send(.alert(.presented(.confirmDeletion)))
  /// print(store.state.names, store.state.alert == nil)  // [] true
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the child's optional state.
  ///   - action: A case path from this reducer's action to the child's presentation actions.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs this one and dismisses the child when it acts.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: CasePath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    presenting(
      state, action: action, environment: { _ in }, child: { _, _, _ in .none },
      childSharing: nil, dismissesOnAction: true,
      lifetime: ChildLifetime(
        operator: "ifLet", path: state, fileID: fileID, filePath: filePath, line: line,
        column: column))
  }

  // Inlinable, so that each feature's presentation runs code specialized for its types: generic,
  // it cost some 600 ns a level.
  @inlinable
  func presenting<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: CasePath<Action, PresentationAction<ChildAction>>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child:
      @escaping @Sendable (inout ChildState, ChildAction, ChildEnvironment) -> Effect<
        ChildAction
      >,
    childSharing: SharedSync<State>?,
    dismissesOnAction: Bool,
    lifetime: ChildLifetime
  ) -> Self {
    let slot = InlineKeyPath(state)
    let dismissal = action.embed(.dismiss)
    // Decided once for the child's type: a conformance check costs more than a step.
    let isDestination = ChildState.self is any DestinationState.Type
    let isEphemeral = ChildState.self is any EphemeralState.Type
    let identifier = PresentationIdentifier<ChildState>()
    let stashes = childSharing != nil
    var sharing = SharedSync.merging(self.sharing, childSharing)
    if stashes { sharing?.stashes = true }
    let sync = Self.syncBetween(self.sharing, childSharing)
    // The parent runs after the child: with copies on both sides, it first sees the child's change.
    let core = sharedCore(sync)
    return Self(sharing: sharing) { parentState, parentAction, parentEnvironment in
      let before = slot.modify(&parentState) { identifier.identity(of: $0) }
      var childEffect = Effect<Action>.none
      var dismisses = false
      // Whether a button of the child dismisses it (an alert's, a dialog's), not `.dismiss`.
      var buttonDismisses = false
      var childRan = false
      // The identity the child's effects of this step are tied to, when it ran and started any.
      var shownByChild: PresentationIdentity?
      switch action.extract(parentAction) {
      case .presented(let childAction)?:
        // An action for a child that is not there, or for another case of a destination than
        // the one shown, is meant for a screen that is gone: it reaches neither the child nor
        // this reducer.
        guard before != nil else {
          lifetime.reportMissingChild(childAction)
          return .none
        }
        if lifetime.mayReceiveStaleAction, lifetime.refusesStaleAction(childAction) {
          return .none
        }
        if EffectDelivery.mayBeUnderWay,
          lifetime.refusesOrphanedAction(childAction, presented: lifetime.presentedID(for: before!))
        {
          return .none
        }
        if isDestination, let shown = slot.modify(&parentState, { enumCaseName($0!) }),
          let addressed = enumCaseName(childAction), addressed != shown
        {
          lifetime.reportOtherDestination(childAction, shown: shown)
          return .none
        }
        if !isDestination, !lifetime.hasLookedForDestination {
          slot.modify(&parentState) { lifetime.lookForDestination(in: $0!) }
        }
        let found = slot.modify(&parentState) { optional -> Effect<ChildAction> in
          // An alert, or a destination showing one, goes away when one of its buttons acts.
          dismisses =
            dismissesOnAction || isEphemeral
            || (isDestination && showsEphemeralState(optional!))
          buttonDismisses = dismisses
          return child(&optional!, childAction, environment(parentEnvironment))
        }
        childRan = true
        if stashes { childSharing?.stash(parentState) }
        if !found.isNone {
          // A child that gave itself another identity (a photo that moved on to the next) is a
          // new screen: what it started in this step is that screen's.
          shownByChild = slot.modify(&parentState) { identifier.identity(of: $0) } ?? before
          childEffect = found.map { action.embed(.presented($0)) }
            .replacingDismissal(with: dismissal)
            .owned(by: lifetime.presentedID(for: shownByChild!))
        }
      case .dismiss?:
        guard before != nil else {
          lifetime.reportMissingChild(PresentationAction<ChildAction>.dismiss)
          return .none
        }
        // An earlier child's `.dismiss()` must not close the one presented now.
        if EffectDelivery.mayBeUnderWay,
          lifetime.refusesOrphanedAction(
            PresentationAction<ChildAction>.dismiss, presented: lifetime.presentedID(for: before!))
        {
          return .none
        }
        if lifetime.mayReceiveStaleAction,
          lifetime.refusesStaleAction(PresentationAction<ChildAction>.dismiss)
        {
          return .none
        }
        dismisses = true
      case nil:
        break
      }
      // What a button's child shows before the parent runs: a parent that changes it (shows
      // another alert in its place) keeps it.
      let shown = buttonDismisses ? slot.modify(&parentState) { $0 } : nil
      // What the parent starts is tied to this slot's presentations: once the child it may
      // address is dismissed, its actions for the child are refused.
      var effect = core(&parentState, parentAction, parentEnvironment, childRan)
      if effect.mayLaunchTasks { effect = effect.watchingSlot(of: lifetime) }
      guard let before else { return childEffect.merged(with: effect) }
      var after = slot.modify(&parentState) { identifier.identity(of: $0) }
      // The child goes, unless the parent already put another one in its place (an alert's
      // "Try again" presenting the form anew) or, for a button's child, changed what it shows
      // (another alert): that one stays.
      if dismisses, after == before,
        !buttonDismisses
          || !presentedValueChanged(from: shown, to: slot.modify(&parentState) { $0 })
      {
        slot.modify(&parentState) { $0 = nil }
        after = nil
      }
      guard after != before else { return childEffect.merged(with: effect) }
      // The screen shown before this step went; so did the one the child made of itself, unless
      // it is the one shown now.
      let gone =
        shownByChild.map { $0 != before && $0 != after } == true
        ? [before, shownByChild!] : [before]
      return .merge(
        [childEffect, effect] + gone.map { .cancel(id: lifetime.presentedID(for: $0)) })
    }
    .syncingAfter(sync, sharing: sharing) { slot.modify(&$0) { $0 != nil } }
    .watching(
      watches + [
        ChildWatch(
          before: { state in
            slot.reading(state) { identifier.identity(of: $0) }.map { .presented($0) } ?? .absent
          },
          after: { state, snapshot in
            guard case .presented(let before) = snapshot,
              slot.reading(state, { identifier.identity(of: $0) }) != before
            else { return .none }
            return .cancel(id: lifetime.presentedID(for: before))
          })
      ])
  }
}

extension ChildLifetime {
  /// The identifier of the effects of one presentation.
  @usableFromInline
  func presentedID(for identity: PresentationIdentity) -> PresentedEffectsID {
    PresentedEffectsID(owner: ObjectIdentifier(self), name: name, identity: identity)
  }

  /// Refuses, and reports, an action for the presented child that an effect sent when the
  /// slot's child was dismissed, by something other than that effect, since the effect started:
  /// it was meant for a child that is gone, not for the one presented now.
  ///
  /// - Returns: Whether the action is refused.
  @usableFromInline
  func refusesStaleAction(_ action: some Sendable) -> Bool {
    guard let delivery = StaleDelivery.current, delivery.isStale(for: self) else { return false }
    IssueReporter.current.report(
      """
      An effect sent an action to a child dismissed since the effect started.

        Action: \(describe(action))
        Reducer: \(name) at \(location.fileID):\(location.line)

      The child the action was meant for was dismissed after the effect started, by something \
      other than the effect, and another one is presented now: the action changed nothing, and \
      this reducer did not see it. Cancel the effect when the child goes away (return it from \
      the child's reducer, or make it cancellable and cancel it on dismissal), or have it send an \
      action of the parent that decides.
      """,
      at: location)
    return true
  }
}

extension ChildLifetime {
  /// Refuses, and reports, an action an effect of an earlier presentation sent to the child
  /// presented now: the earlier child was dismissed outside the reducer this operator is called
  /// on, so its effects went on running (see ``cancelsOrphanedEffects(where:)``); they are
  /// cancelled now.
  ///
  /// - Returns: Whether the action is refused.
  @usableFromInline
  func refusesOrphanedAction(_ action: some Sendable, presented: PresentedEffectsID) -> Bool {
    let current = EffectID(presented)
    guard cancelsOrphanedEffects(where: { $0 != current }) else { return false }
    IssueReporter.current.report(
      """
      An effect of a dismissed child sent an action to the child presented now.

        Action: \(describe(action))
        Reducer: \(name) at \(location.fileID):\(location.line)

      \(orphanAdvice("The child it belongs to", went: "was dismissed", fix: "Dismiss it")) The \
      child presented now did not receive the action.
      """,
      at: location)
    return true
  }
}

/// The identifier of the effects of one presented child; prints as the operator that presents
/// it and the child's identity: `ifLet(\Place.State.destination)[.rename]`.
@usableFromInline
struct PresentedEffectsID: Hashable, Sendable, CustomStringConvertible, CustomReflectable,
  ChildOwnedEffectsID
{
  let owner: ObjectIdentifier
  let name: String
  let identity: PresentationIdentity

  @usableFromInline var description: String {
    let identity = identity.description
    return identity.isEmpty ? name : "\(name)[\(identity)]"
  }
  @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// State that is dismissed by any action it sends: an alert or a confirmation dialog, whose
/// buttons close it.
@usableFromInline
protocol EphemeralState {}

extension AlertState: EphemeralState {}
extension ConfirmationDialogState: EphemeralState {}

/// Whether a ``DestinationState``'s current case holds an alert or a dialog (the action, checked
/// before, is of that case).
@usableFromInline
func showsEphemeralState<State>(_ destination: State) -> Bool {
  Mirror(reflecting: destination).children.first?.value is any EphemeralState
}

/// Whether the parent changed a child that a button of it dismisses (an alert, a dialog, a
/// destination showing one): another alert put in its place, or this one changed. `false` when
/// the child's type is not `Equatable`, which cannot tell.
@usableFromInline
func presentedValueChanged<State>(from before: State?, to after: State?) -> Bool {
  guard let before, let after, before is any Equatable else { return false }
  return !isEqual(before, after)
}

extension ChildLifetime {
  /// Reports, once, a presented enum that holds an alert or a dialog but is not a
  /// ``DestinationState``: without the conformance, its buttons would not dismiss it and actions
  /// for its other cases would reach the parent.
  @usableFromInline
  var hasLookedForDestination: Bool {
    lookedForDestination.load(ordering: .relaxed)
  }

  @usableFromInline
  func lookForDestination<State>(in child: State) {
    guard !lookedForDestination.exchange(true, ordering: .relaxed), enumCaseName(child) != nil,
      showsEphemeralState(child)
    else { return }
    IssueReporter.current.report(
      """
      A presented enum holds an alert or a dialog, but is not a DestinationState.

        State: \(Inspector.typeName(State.self))
        Reducer: \(name) at \(location.fileID):\(location.line)

      Conform it to DestinationState, and name its state's and action's cases alike: then its \
      buttons dismiss it, and an action for a case that is not presented is refused. Without it, \
      the alert stays after a button is tapped.
      """,
      at: location)
  }

  /// An action for a case of a destination other than the one shown.
  @usableFromInline
  func reportOtherDestination(_ action: some Sendable, shown: String) {
    IssueReporter.current.report(
      """
      An action was sent to a destination that is not the one presented.

        Action: \(describe(action))
        Presented: .\(shown)
        Reducer: \(name) at \(location.fileID):\(location.line)

      The action is for .\(enumCaseName(action) ?? "?"), which is not presented (sent while it \
      was, it may have arrived after it was dismissed): it changed nothing, and this reducer did \
      not see it. A destination's state and action name their cases alike: if \
      .\(enumCaseName(action) ?? "?") and .\(shown) are meant to be one case, give them the same \
      name.
      """,
      at: location)
  }
}
