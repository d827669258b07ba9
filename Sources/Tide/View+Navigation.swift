// SwiftUI's sheets, alerts and confirmation dialogs over a store's presented children,
// `AlertState` and `ConfirmationDialogState`, and a navigation stack's screens. Built only where
// SwiftUI exists: CI (Linux) does not build this file. What it rests on (`Store.isPresenting(_:action:)`, the presented child's
// `scope(state:action:)`, `ButtonState.tapAction`, `Store.stackPath(_:action:)` and a stack
// screen's `scope(state:id:action:)`) is tested on Linux.
#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Shows an alert while the store's state holds one; each button sends its action through
    /// the alert's presentation, which dismisses it. Not built by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// List { … }
    ///   .alert(store, state: \.alert, action: \.alert)
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the alert.
    ///   - state: A key path to the optional alert.
    ///   - action: A key path to the case path of the alert's presentation actions.
    /// - Returns: The view, with the alert.
    @MainActor
    public func alert<State, Action: CasePathable, AlertAction: Sendable>(
      _ store: Store<State, Action>,
      state: KeyPath<State, AlertState<AlertAction>?>,
      action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<AlertAction>>>
    ) -> some View {
      alert(store, state: state, action: action, embed: { $0 })
    }

    /// Shows an alert that is one case of a destination enum: its buttons' actions are wrapped
    /// with `embed` into the destination's action. Not built by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// .alert(store, state: \.destination?.alert, action: \.destination, embed: { .alert($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the alert.
    ///   - state: A key path to the optional alert.
    ///   - action: A key path to the case path of the destination's presentation actions.
    ///   - embed: Wraps a button's action into the destination's action.
    /// - Returns: The view, with the alert.
    @MainActor
    public func alert<State, Action: CasePathable, ChildAction: Sendable, AlertAction: Sendable>(
      _ store: Store<State, Action>,
      state: KeyPath<State, AlertState<AlertAction>?>,
      action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>,
      embed: @escaping (AlertAction) -> ChildAction
    ) -> some View {
      let alert = store[state]
      let presentation = Action.allCasePaths[keyPath: action]
      return self.alert(
        alert?.title ?? "", isPresented: store.isPresenting(state, action: action).swiftUI,
        presenting: alert
      ) { alert in
        ForEach(Array(alert.buttons.enumerated()), id: \.offset) { _, button in
          Button(button.label, role: button.role.map(ButtonRole.init)) {
            store.send(presentation.embed(button.tapAction.map(embed)))
          }
        }
      } message: { alert in
        if let message = alert.message { Text(message) }
      }
    }

    /// Shows a confirmation dialog while the store's state holds one; each button sends its
    /// action through the dialog's presentation, which dismisses it. Not built by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// DetailView(store: store)
    ///   .confirmationDialog(store, state: \.dialog, action: \.dialog)
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the dialog.
    ///   - state: A key path to the optional dialog.
    ///   - action: A key path to the case path of the dialog's presentation actions.
    /// - Returns: The view, with the dialog.
    @MainActor
    public func confirmationDialog<State, Action: CasePathable, DialogAction: Sendable>(
      _ store: Store<State, Action>,
      state: KeyPath<State, ConfirmationDialogState<DialogAction>?>,
      action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<DialogAction>>>
    ) -> some View {
      confirmationDialog(store, state: state, action: action, embed: { $0 })
    }

    /// Shows a confirmation dialog that is one case of a destination enum: its buttons' actions
    /// are wrapped with `embed` into the destination's action. Not built by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// .confirmationDialog(
    ///   store, state: \.destination?.confirmDeletion, action: \.destination,
    ///   embed: { .confirmDeletion($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the dialog.
    ///   - state: A key path to the optional dialog.
    ///   - action: A key path to the case path of the destination's presentation actions.
    ///   - embed: Wraps a button's action into the destination's action.
    /// - Returns: The view, with the dialog.
    @MainActor
    public func confirmationDialog<
      State, Action: CasePathable, ChildAction: Sendable, DialogAction: Sendable
    >(
      _ store: Store<State, Action>,
      state: KeyPath<State, ConfirmationDialogState<DialogAction>?>,
      action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>,
      embed: @escaping (DialogAction) -> ChildAction
    ) -> some View {
      let dialog = store[state]
      let presentation = Action.allCasePaths[keyPath: action]
      let visibility: Visibility =
        switch dialog?.titleVisibility ?? .automatic {
        case .automatic: .automatic
        case .visible: .visible
        case .hidden: .hidden
        }
      return self.confirmationDialog(
        dialog?.title ?? "", isPresented: store.isPresenting(state, action: action).swiftUI,
        titleVisibility: visibility, presenting: dialog
      ) { dialog in
        ForEach(Array(dialog.buttons.enumerated()), id: \.offset) { _, button in
          Button(button.label, role: button.role.map(ButtonRole.init)) {
            store.send(presentation.embed(button.tapAction.map(embed)))
          }
        }
      } message: { dialog in
        if let message = dialog.message { Text(message) }
      }
    }
  }

  extension View {
    /// Shows a sheet while the store presents a child, with the child's store; the user swiping
    /// it down sends the child's `.dismiss`. Not built by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// List { … }
    ///   .sheet(store, state: \.edit, action: \.edit) { edit in EditView(store: edit) }
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store that presents the child.
    ///   - state: A key path to the child's optional state.
    ///   - action: A key path to the case path of the child's presentation actions.
    ///   - content: The sheet's view, given the child's store.
    /// - Returns: The view, with the sheet.
    @MainActor
    public func sheet<
      State, Action: CasePathable, ChildState, ChildAction: Sendable, Content: View
    >(
      _ store: Store<State, Action>,
      state: KeyPath<State, ChildState?>,
      action: KeyPath<Action.AllCasePaths, CasePath<Action, PresentationAction<ChildAction>>>,
      @ViewBuilder content: @escaping (Store<ChildState, ChildAction>) -> Content
    ) -> some View {
      sheet(isPresented: store.isPresenting(state, action: action).swiftUI) {
        if let child = store.scope(state: state, action: action) {
          content(child)
        }
      }
    }
  }

  extension View {
    /// Shows each screen of a store's navigation stack, with the screen's store, inside a
    /// `NavigationStack` whose path is the stack's (``Store/stackPath(_:action:)``). A screen
    /// popped by the user is popped through the store, and a link whose value is
    /// `StackPathElement.push(state)`, in any screen of the stack, pushes through it. Not built
    /// by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// NavigationStack(path: store.stackPath(\.path, action: \.path).swiftUI) {
    ///   ListView(store: store)
    ///     .navigationDestination(store, state: \.path, action: \.path) { screen in
    ///       DetailView(store: screen)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the stack.
    ///   - state: A key path to the stack.
    ///   - action: A key path to the case path of the stack's actions.
    ///   - destination: A screen's view, given the screen's store.
    /// - Returns: The view, with its stack's screens.
    @MainActor
    public func navigationDestination<
      State, Action: CasePathable, ElementState: Sendable, ElementAction: Sendable,
      Destination: View
    >(
      _ store: Store<State, Action>,
      state: KeyPath<State, StackState<ElementState>>,
      action: KeyPath<
        Action.AllCasePaths, CasePath<Action, StackAction<ElementState, ElementAction>>
      >,
      @ViewBuilder destination: @escaping (Store<ElementState, ElementAction>) -> Destination
    ) -> some View {
      navigationDestination(for: StackPathElement<ElementState>.self) { entry in
        // nil once the screen is popped: SwiftUI may ask for it while it animates away. An
        // entry to push is the stack's screen as soon as the binding sends the push.
        if let id = entry.id, let screen = store.scope(state: state, id: id, action: action) {
          destination(screen)
        }
      }
    }
  }

  extension ButtonRole {
    /// SwiftUI's role for a ``ButtonState/Role``.
    init(_ role: ButtonState<some Sendable>.Role) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }
#endif
