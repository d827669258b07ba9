import Observation

/// A view body, as SwiftUI runs one: it reads through stores inside `withObservationTracking`,
/// and renders again (reads again) each time Observation tells it of a change. Counts its renders.
///
/// ```swift
/// let view = RenderCounter { _ = store.username }
/// store.send(.usernameChanged("pritesh"))
/// #expect(view.changes == 1)
/// ```
@MainActor
package final class RenderCounter {
  /// How many times the body ran: once at the start, then once a change.
  package private(set) var renders = 0
  private let body: @MainActor () -> Void

  /// Renders the body once, tracked.
  ///
  /// - Parameters:
  ///   - body: What the view reads.
  package init(_ body: @escaping @MainActor () -> Void) {
    self.body = body
    render()
  }

  /// How many times it was told of a change.
  package var changes: Int { renders - 1 }

  private func render() {
    renders += 1
    withObservationTracking(body) { [self] in
      // A store tells its readers on the main actor, during the send.
      MainActor.assumeIsolated { self.render() }
    }
  }
}
