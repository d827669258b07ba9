/// A registration made with ``Store/observe(_:onChange:)-(KeyPath<State,Value>,_)``; cancel it to
/// stop being notified.
///
/// Observations end by themselves when the store is released.
///
/// <!-- example: in spinner -->
/// ```swift
/// let observation = store.observe(\.isLoading) { isLoading in spinner.isVisible = isLoading }
/// // later
/// observation.cancel()
/// ```
public struct StoreObservation: Sendable {
  private let onCancel: @MainActor @Sendable () -> Void

  init(onCancel: @escaping @MainActor @Sendable () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops notifying the observer. Cancelling twice does nothing.
  ///
  /// <!-- example: given observation: StoreObservation -->
  /// ```swift
  /// observation.cancel()
  /// ```
  @MainActor
  public func cancel() {
    onCancel()
  }
}
