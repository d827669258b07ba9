// SwiftUI's animations for a store's sends. Built only where SwiftUI exists: CI (Linux) does not
// build this file. What it rests on, `Store.send(_:)` and observation of what a view read, is
// tested on Linux.
#if canImport(SwiftUI)
  import SwiftUI

  extension Store {
    /// Sends an action inside `withAnimation`, so that what the action changes at once (not
    /// what its effects send later) redraws with `animation`. Not built by CI.
    ///
    /// <!-- example: fragment -->
    /// ```swift
    /// Button("Remove", role: .destructive) { store.send(.removeTapped, animation: .default) }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - animation: The animation, or `nil` for none.
    /// - Returns: A task that finishes when the action's effects have finished.
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      withAnimation(animation) { send(action) }
    }
  }
#endif
