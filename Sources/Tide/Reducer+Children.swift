import Synchronization
import TideInspect

extension Reducer {
  /// Runs a child feature on optional state beside this reducer, and cancels the child's effects
  /// when its state becomes `nil`.
  ///
  /// For an action that `action` extracts a child action from, the child runs first, on the
  /// unwrapped state; then this reducer runs on every action. If the child's state was there
  /// before the step and is `nil` after it, every effect the child started is cancelled, so a
  /// screen that is dismissed never hears from its requests or timers again.
  ///
  /// An action for the child while its state is `nil` changes nothing and is reported (a runtime
  /// warning from a ``Store``, a test failure from a `TestStore`):
  ///
  /// ```
  /// An action was sent to a child whose state is nil.
  ///
  ///   Action: .locationTapped(2)
  ///   Reducer: ifLet(\State.home) at AppFeature/App.swift:24
  ///
  /// Its state is nil: it was dismissed, or never presented. A child's effects are cancelled when its state becomes nil; stop sending to it.
  /// ```
  ///
  /// <!-- example: in app-declaration -->
  /// ```swift
  /// static let reducer = core.ifLet(
  ///   \.login,
  ///   action: CasePath(Action.login),
  ///   environment: \.login,
  ///   child: Login.reducer
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the child's optional state.
  ///   - action: A case path from this reducer's action to the child's action.
  ///   - environment: A function that derives the child's environment from this one's.
  ///   - child: The child's reducer.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with the child's effects tied to its state.
  @inlinable
  public func ifLet<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // Inlinable, so that each feature's action goes through code specialized for its types.
    let lifetime = ChildLifetime(
      operator: "ifLet", path: state, fileID: fileID, filePath: filePath, line: line,
      column: column)
    let slot = InlineKeyPath(state)
    let childSharing = child.sharing?.optional(state)
    // A child with copies has its change kept for the step: the parent's code may remove the
    // child before anything at the parent's level takes the change, even when the parent's type
    // holds copies too (they may be in a part that is not there: another case, a `nil` screen).
    let stashes = childSharing != nil
    var sharing = SharedSync.merging(self.sharing, childSharing)
    if stashes { sharing?.stashes = true }
    let sync = Self.syncBetween(self.sharing, childSharing)
    // The parent runs after the child: with copies on both sides, it first sees the child's change.
    let step = IfLetStep(
      lifetime: lifetime, slot: slot, action: action, environment: environment,
      child: child.body, stash: stashes ? childSharing : nil, parent: sharedCore(sync))
    let watch = ChildWatch<State, Action>(
      before: { slot.reading($0) { $0 != nil } ? .present : .absent },
      after: { state, _ in slot.reading(state) { $0 == nil } ? .cancel(id: lifetime.id) : .none })
    return Self(sharing: sharing) { step.reduce(&$0, $1, $2) }
      .syncingAfter(sync, sharing: sharing) { slot.modify(&$0) { $0 != nil } }
      .watching(watches + [watch])
  }

  /// Runs a child feature on one case of an enum state beside this reducer, and cancels the
  /// child's effects when the state leaves that case.
  ///
  /// The phases of an app (logged out, logged in) are one enum: while the state is in the case,
  /// actions for the child run the child on the case's payload, in place; then this reducer runs
  /// on every action. If the state was in the case before the step and is in another after it,
  /// every effect the child started is cancelled, those of the screens it presented too: a login
  /// request still in flight when the app moves on never answers. A step that leaves the case
  /// and comes back to it (a new value in the same case) cancels nothing. A `.send` is not
  /// cancelled: it is synchronous, its action reduced in the same batch (see
  /// ``Effect/cancellable(id:cancelInFlight:)``), and one the child returns in the step that
  /// leaves its case is reported like any action for a case that is not the current one.
  ///
  /// An action for the child while the state is in another case changes nothing and is
  /// reported (a runtime warning from a ``Store``, a test failure from a `TestStore`):
  ///
  /// ```
  /// An effect sent an action to a case of the state that is not the current one.
  ///
  ///   Action: .loginResponse(.success("deadbeef"))
  ///   State: .newGame
  ///   Reducer: ifCaseLet(Login.State) at AppCore/App.swift:31
  ///
  /// The child's own effects were cancelled when the state left its case, so this one was started elsewhere (by a parent, or another child): cancel it when the case changes.
  /// ```
  ///
  /// ```swift
  /// enum Phase {
  ///   enum State: Equatable {
  ///     case loggedOut(Counter.State)
  ///     case loggedIn
  ///   }
  ///   enum Action: Sendable, Equatable {
  ///     case loggedOut(Counter.Action)
  ///     case logOut
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     switch action {
  ///     case .loggedOut(.incrementTapped): state = .loggedIn
  ///     case .loggedOut: break
  ///     case .logOut: state = .loggedOut(Counter.State())
  ///     }
  ///     return .none
  ///   }
  ///   .ifCaseLet(
  ///     CasePath(State.loggedOut),
  ///     action: CasePath(Action.loggedOut),
  ///     environment: { _ in Counter.Environment() },
  ///     child: Counter.reducer
  ///   )
  /// }
  /// ```
  ///
  /// The case is read before and after every step, with `state`'s `extract`: a case path made
  /// from the case reads it by reflection, so for a phase at an app's root, which sees every
  /// action, write it by hand (`CasePath(embed:extract:)`).
  ///
  /// Use ``pullback(state:action:environment:fileID:filePath:line:column:)-(CasePath<ParentState,State>,_,_,_,_,_,_)``
  /// for the cases of a destination, whose presenting `ifLet` already cancels a screen's
  /// effects when it goes.
  ///
  /// - Parameters:
  ///   - state: A case path from this reducer's state to the child's.
  ///   - action: A case path from this reducer's action to the child's action.
  ///   - environment: A function that derives the child's environment from this one's.
  ///   - child: The child's reducer.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with the child's effects tied to the case.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction: Sendable, ChildEnvironment>(
    _ state: CasePath<State, ChildState>,
    action: CasePath<Action, ChildAction>,
    environment: @escaping @Sendable (Environment) -> ChildEnvironment,
    child: Reducer<ChildState, ChildAction, ChildEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let lifetime = ChildLifetime(
      name: "ifCaseLet(\(Inspector.typeName(ChildState.self)))", fileID: fileID,
      filePath: filePath, line: line, column: column)
    let childBody = child.body
    // Shared copies as `ifLet` keeps them: the parent sees the child's change first, and the
    // change of a phase that the same step leaves is kept.
    let childSharing = child.sharing?.pulledBack(state)
    let stashes = childSharing != nil
    var sharing = SharedSync.merging(self.sharing, childSharing)
    if stashes { sharing?.stashes = true }
    let sync = Self.syncBetween(self.sharing, childSharing)
    let parent = sharedCore(sync)
    // Keeps the copies equal after the step itself (what `syncingAfter` does for the other
    // operators), with the case read once for both that and the cancellation.
    return Self(sharing: sharing) { parentState, parentAction, parentEnvironment in
      // Read before, in place and after: a case path's `extract` (reflection, for one made from
      // the case) runs up to three times a step (twice more for each `combine` around it), so a
      // phase's case path is best written by hand.
      let wasInCase = state.extract(parentState) != nil
      var childRan = false
      var childEffect = Effect<Action>.none
      if let childAction = action.extract(parentAction) {
        let childEnvironment = environment(parentEnvironment)
        if let effect = state.modify(
          &parentState, { childBody(&$0, childAction, childEnvironment) })
        {
          childRan = true
          if stashes { childSharing?.stash(parentState) }
          if !effect.isNone {
            childEffect = lifetime.scopingOperatorIDs(of: effect.map(action.embed))
              .cancellable(id: lifetime.id)
          }
        } else {
          lifetime.reportOtherCase(childAction, state: parentState, cancelsOnLeaving: true)
        }
      }
      let effect = parent(&parentState, parentAction, parentEnvironment, childRan)
      // Out of the case before, with no copies to keep: nothing to cancel or sync, whatever now.
      let isInCase = wasInCase || sync != nil ? state.extract(parentState) != nil : false
      if isInCase { sync?.sync(&parentState) }
      guard wasInCase, !isInCase else { return childEffect.merged(with: effect) }
      return .merge(childEffect, effect, .cancel(id: lifetime.id))
    }
    .watching(
      watches + [
        ChildWatch(
          before: { state.extract($0) != nil ? .present : .absent },
          after: { parentState, _ in
            state.extract(parentState) == nil ? .cancel(id: lifetime.id) : .none
          })
      ])
  }

  /// Runs a feature for each element of a collection beside this reducer, and cancels an
  /// element's effects when it is removed.
  ///
  /// The parent action carries the element's identifier and the element's action. The element
  /// is found by its identifier in constant time; its reducer runs first, then this reducer runs
  /// on every action. Elements that a step removes have every effect they started cancelled.
  /// Cancellation identifiers inside an element's effects are the element's own: a
  /// `.cancel(id: "timer")` in one row, or a child of that row going away, never reaches another
  /// row's effects. An element's reducer must not change the element's identifier; if it does,
  /// that is reported and the effects under both identifiers are cancelled.
  /// An action for an identifier that is not in the collection changes nothing and is
  /// reported, like an action for a `nil` child in ``ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,ChildAction>,_,_,_,_,_,_)``.
  ///
  /// <!-- example: in list-declaration -->
  /// ```swift
  /// static let reducer = core.forEach(
  ///   \.rows,
  ///   action: CasePath(Action.row),
  ///   environment: { _ in Row.Environment() },
  ///   child: Row.reducer
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - state: A writable key path from this reducer's state to the elements.
  ///   - action: A case path from this reducer's action to an element's identifier and action.
  ///   - environment: A function that derives an element's environment from this one's.
  ///   - child: The reducer of each element.
  ///   - fileID: The file that builds the reducer, named in warnings.
  ///   - filePath: The full path of that file.
  ///   - line: The line that builds the reducer.
  ///   - column: The column that builds the reducer.
  /// - Returns: A reducer that runs both, with each element's effects tied to the element.
  @inlinable
  public func forEach<ElementState, ElementAction: Sendable, ElementEnvironment>(
    _ state: any WritableKeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: CasePath<Action, (ElementState.ID, ElementAction)>,
    environment: @escaping @Sendable (Environment) -> ElementEnvironment,
    child: Reducer<ElementState, ElementAction, ElementEnvironment>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where ElementState: SendableMetatype, ElementState.ID: Sendable {
    // Inlinable, so that each feature's action goes through code specialized for its types.
    let lifetime = ChildLifetime(
      operator: "forEach", path: state, fileID: fileID, filePath: filePath, line: line,
      column: column)
    let rows = InlineKeyPath(state)
    let childSharing = child.sharing?.elements(state)
    let elementSharing = childSharing != nil ? child.sharing : nil
    var sharing = SharedSync.merging(self.sharing, childSharing)
    if elementSharing != nil { sharing?.stashes = true }
    let sync = Self.syncBetween(self.sharing, childSharing)
    // The parent runs after the child: with copies on both sides, it first sees the child's change.
    let step = ForEachStep(
      lifetime: lifetime, rows: rows, action: action, environment: environment,
      child: child.body, elementSharing: elementSharing, parent: sharedCore(sync))
    let watch = ChildWatch<State, Action>(
      before: { state in
        rows.reading(state) {
          $0.isEmpty
            ? .absent
            : .rows(generation: $0.generation, identifiers: IdentifiersBox($0.identifiers))
        }
      },
      after: { state, snapshot in
        guard case .rows(let generation, let identifiers) = snapshot else { return .none }
        return rows.reading(state) { rows in
          guard rows.generation != generation,
            let before = identifiers as? IdentifiersBox<ElementState.ID>
          else { return .none }
          return lifetime.cancellingRemoved(
            before: before.identifiers, after: rows, effects: .none, .none)
        }
      })
    return Self(sharing: sharing) { step.reduce(&$0, $1, $2) }
      .syncingAfter(sync, sharing: sharing) { rows.modify(&$0) { !$0.isEmpty } }
      .watching(watches + [watch])
  }
}

/// Names the effects of one child that ``Reducer/ifLet(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,ChildAction>,_,_,_,_,_,_)``
/// or ``Reducer/forEach(_:action:environment:child:fileID:filePath:line:column:)-(_,CasePath<Action,(ElementState.ID,ElementAction)>,_,_,_,_,_,_)`` runs (one
/// object per operator, so that two operators never share identifiers), and reports actions for
/// a child that is gone.
@usableFromInline
final class ChildLifetime: Sendable {
  let name: String
  let location: SourceCodeLocation
  /// Whether a presented child has been looked at for an alert in an enum that is not a
  /// ``DestinationState``: once is enough.
  let lookedForDestination = Atomic<Bool>(false)
  /// How many actions some store is reducing now that are stale for this operator's child (see
  /// ``StaleDelivery``): while none is, its presented child's actions need no further look.
  @usableFromInline let staleDeliveries = Atomic<Int>(0)

  @usableFromInline
  init(name: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.name = name
    self.location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether an action reaching this operator's child may be one it must refuse as stale: some
  /// store is reducing an action stale for it.
  @inlinable var mayReceiveStaleAction: Bool {
    staleDeliveries.load(ordering: .relaxed) != 0
  }

  /// The lifetime of the child an operator runs through `path`, named `operator(path)`:
  /// `ifLet(\State.login)`.
  @usableFromInline
  convenience init(
    operator name: String, path: AnyKeyPath, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    self.init(
      name: "\(name)(\(Self.stableName(of: path)))", fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// A key path as Swift prints it, except a computed property's component, which Swift prints
  /// with an address that changes from run to run (`<computed 0x55a1… (Int)>`), written as
  /// `<computed Int>`: the name shows in effects, reports and transcripts, which must not change.
  static func stableName(of path: AnyKeyPath) -> String {
    var text = "\(path)"
    while let start = text.firstRange(of: "<computed 0x"),
      let open = text[start.upperBound...].firstRange(of: " ("),
      let close = text[open.upperBound...].firstRange(of: ")>")
    {
      let type = text[open.upperBound..<close.lowerBound]
      text.replaceSubrange(start.lowerBound..<close.upperBound, with: "<computed \(type)>")
    }
    return text
  }

  /// The identifier of the child's effects.
  @usableFromInline
  var id: ChildEffectsID {
    ChildEffectsID(owner: ObjectIdentifier(self), name: name)
  }

  /// The effect of this operator's child, with the identifiers that operators inside the child
  /// made private to this operator: the same feature composed twice keeps its copies apart.
  @usableFromInline
  func scopingOperatorIDs<Action>(of effect: Effect<Action>) -> Effect<Action> {
    effect.scopingOperatorIDs(to: EffectID(id))
  }

  /// The identifier of one element's effects.
  @usableFromInline
  func id<ID: Hashable & Sendable>(for element: ID) -> ElementEffectsID<ID> {
    ElementEffectsID(owner: ObjectIdentifier(self), name: name, element: element)
  }

  /// The effect and parent effect of a step, with the effects of the elements it removed
  /// cancelled: those in `before` that are not in `after`.
  @usableFromInline
  func cancellingRemoved<Element: Identifiable, Action>(
    before: [Element.ID], after: IdentifiedArray<Element>, effects: Effect<Action>,
    _ parentEffect: Effect<Action>
  ) -> Effect<Action> where Element.ID: Sendable {
    let removed = before.filter { after.index(id: $0) == nil }
    return .merge([effects, parentEffect] + removed.map { .cancel(id: id(for: $0)) })
  }

  /// Cancels the effects of this operator's child when the effect that sent the action being
  /// reduced is one of them and `gone` says that child is gone: they outlived the child, whose
  /// state went away outside the reducer this operator is called on and the reducers combined
  /// with it (by a reducer above them), where nothing cancels them. Only for the action the effect sent, not
  /// what it queued, and only when the effect belongs to one child of this operator (see
  /// ``EffectRegistry/cancelOrphans(ofTask:ownedBy:where:)``).
  ///
  /// - Returns: Whether it did: the action came from such an orphaned effect.
  func cancelsOrphanedEffects(where gone: (EffectID) -> Bool = { _ in true }) -> Bool {
    guard let delivery = IssueReporter.delivery, let sender = delivery.currentSender,
      let registry = delivery.registry
    else { return false }
    return registry.cancelOrphans(ofTask: sender, ownedBy: ObjectIdentifier(self), where: gone)
  }

  /// The advice of a report about an orphaned effect's action (see
  /// ``cancelsOrphanedEffects(where:)``): `what` went away, as `went` says.
  func orphanAdvice(_ what: String, went: String, fix: String) -> String {
    """
    \(what) \(went) outside the reducer that \(name) is called on and the reducers combined \
    with it (by a reducer above them), so its effects went on running; they are cancelled now. \
    \(fix) in the reducer that \(name) is called on, or one combined with it, where the effects \
    end at once.
    """
  }

  @usableFromInline
  func reportMissingChild(_ action: some Sendable) {
    let details = """
        Action: \(describe(action))
        Reducer: \(name) at \(location.fileID):\(location.line)
      """
    let orphaned = IssueReporter.isReducingEffectAction && cancelsOrphanedEffects()
    let message =
      orphaned
      ? """
      An effect of a child sent it an action after its state became nil.

      \(details)

      \(orphanAdvice("The state", went: "was set to nil", fix: "Set it to nil"))
      """
      : IssueReporter.isReducingEffectAction
        ? """
        An effect sent an action to a child whose state is nil.

        \(details)

        If the child was dismissed, its own effects were cancelled then, so this one was started \
        elsewhere (by a parent, or another child): cancel it when the child goes away, or send \
        only while the child is there. If it was never presented, the effect was sent too early.
        """
        : """
        An action was sent to a child whose state is nil.

        \(details)

        Its state is nil: it was dismissed, or never presented. A child's effects are cancelled \
        when its state becomes nil; stop sending to it.
        """
    IssueReporter.current.report(message, at: location)
  }

  /// An element's reducer changed the element's identifier: reported, and the effects under
  /// both identifiers (the element's, and those of the element it displaced) cancelled, with
  /// the effect the step returned.
  @usableFromInline
  func changedID<ID: Hashable & Sendable, Action>(
    from old: ID, to new: ID, action: some Sendable, effect: Effect<Action>
  ) -> Effect<Action> {
    IssueReporter.current.report(
      """
      An element's reducer changed the element's identifier.

        Action: \(describe(action))
        ID: \(describe(old)) → \(describe(new))
        Reducer: \(name) at \(location.fileID):\(location.line)

      An element's identifier must not change while it is in the collection: the effects under \
      both identifiers were cancelled.
      """,
      at: location
    )
    return .merge(
      effect.cancellable(id: id(for: old)), .cancel(id: id(for: old)), .cancel(id: id(for: new)))
  }

  @usableFromInline
  func reportOtherCase(_ action: some Sendable, state: some Any, cancelsOnLeaving: Bool = false) {
    let fromEffect = IssueReporter.isReducingEffectAction
    let details = """
        Action: \(describe(action))
        State: .\(enumCaseName(state) ?? describe(state))
        Reducer: \(name) at \(location.fileID):\(location.line)
      """
    if fromEffect, cancelsOnLeaving, cancelsOrphanedEffects() {
      return IssueReporter.current.report(
        """
        An effect of a child sent it an action after the state left the child's case.

        \(details)

        \(orphanAdvice("The case", went: "was changed", fix: "Change it"))
        """,
        at: location)
    }
    let advice =
      switch (fromEffect, cancelsOnLeaving) {
      case (true, true):
        """
        The child's own effects were cancelled when the state left its case, so this one was \
        started elsewhere (by a parent, or another child): cancel it when the case changes.
        """
      case (true, false):
        """
        The state changed case after the effect started: cancel the effect when the case \
        changes (`ifCaseLet` does it for a child's own effects).
        """
      case (false, _):
        """
        Send it only while the state is in the child's case.
        """
      }
    IssueReporter.current.report(
      """
      \(fromEffect ? "An effect sent an action" : "An action was sent") to a case of the state \
      that is not the current one.

      \(details)

      \(advice)
      """,
      at: location
    )
  }

  @usableFromInline
  func reportMissingElement(_ action: some Sendable, id: some Hashable & Sendable) {
    reportMissing(action, id: id, in: .collection)
  }

  /// The words of a report about a member that is not there: an element of a collection, or a
  /// screen of a stack.
  struct Members {
    /// `element`, `screen`.
    let noun: String
    /// `An`, `A`.
    let article: String
    /// `collection`, `stack`.
    let container: String
    /// `removed`, `popped`.
    let removed: String
    /// `added`, `pushed`.
    let added: String
    /// What the parent should do instead of removing it elsewhere: `Remove elements`.
    let fix: String

    static let collection = Self(
      noun: "element", article: "An", container: "collection", removed: "removed",
      added: "added", fix: "Remove elements")
    static let stack = Self(
      noun: "screen", article: "A", container: "stack", removed: "popped", added: "pushed",
      fix: "Pop screens")
  }

  /// Reports an action for a member that is not there, saying whether an effect sent it.
  func reportMissing(
    _ action: some Sendable, id: some Hashable & Sendable, in members: Members
  ) {
    let (noun, a, container) = (members.noun, members.article.lowercased(), members.container)
    let details = """
        Action: \(describe(action))
        ID: \((id as? StackScreenID)?.description ?? describe(id))
        Reducer: \(name) at \(location.fileID):\(location.line)
      """
    let fromEffect = IssueReporter.isReducingEffectAction
    let element = EffectID(self.id(for: id))
    if fromEffect, cancelsOrphanedEffects(where: { $0 == element }) {
      let went = "was \(members.removed)"
      return IssueReporter.current.report(
        """
        An effect of \(a) \(noun) sent it an action after the \(noun) was \(members.removed).

        \(details)

        \(orphanAdvice("The \(noun)", went: went, fix: members.fix))
        """,
        at: location)
    }
    let message =
      fromEffect
      ? """
      An effect sent an action to \(a) \(noun) that is not in the \(container).

      \(details)

      If the \(noun) was \(members.removed), its own effects were cancelled then, so this one \
      was started elsewhere (by the \(container)'s parent, or another \(noun)): cancel it when \
      the \(noun) goes, or send only while the \(noun) is there. If no \(noun) ever had this \
      identifier, the effect names the wrong one.
      """
      : """
      An action was sent to \(a) \(noun) that is not in the \(container).

      \(details)

      No \(noun) has this identifier: it was \(members.removed), or never \(members.added). \
      \(members.article) \(noun)'s effects are cancelled when it is \(members.removed); stop \
      sending to it.
      """
    IssueReporter.current.report(message, at: location)
  }
}

/// The identifier of a child's effects; prints as the operator that runs the child.
@usableFromInline
struct ChildEffectsID: Hashable, Sendable, CustomStringConvertible, CustomReflectable,
  ChildOwnedEffectsID
{
  let owner: ObjectIdentifier
  let name: String

  @usableFromInline var description: String { name }
  @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// The identifier of an element's effects; prints as the operator and the element's identifier.
@usableFromInline
struct ElementEffectsID<ID: Hashable & Sendable>: Hashable, Sendable,
  CustomStringConvertible, CustomReflectable, ChildOwnedEffectsID
{
  let owner: ObjectIdentifier
  let name: String
  let element: ID

  init(owner: ObjectIdentifier, name: String, element: ID) {
    self.owner = owner
    self.name = name
    self.element = element
  }

  @usableFromInline var description: String { "\(name)[id: \(describe(element))]" }
  @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}
