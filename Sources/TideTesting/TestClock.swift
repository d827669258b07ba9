import Tide

/// A clock whose time moves only when a test moves it: Tide's `ManualClock`.
///
/// Inject it wherever a feature waits, and move time with `advance(by:)` or `advance(to:)`.
/// Sleepers wake in deadline order, and the effect work they resume runs before the call
/// returns, so a test never sleeps on the real clock.
///
/// <!-- example: fragment -->
/// ```swift
/// let clock = TestClock()
/// await store.send(.queryChanged("Brus")) { $0.query = "Brus" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.searchResponse(["Brussels"])) { $0.results = ["Brussels"] }
/// ```
public typealias TestClock = ManualClock
