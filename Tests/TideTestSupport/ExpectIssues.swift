import Testing

/// Checks that `body` records exactly the issues whose texts are `expected`, in order: how the
/// suites test a failure message word for word.
///
/// ```swift
/// await expectIssues(["An action was sent to a child whose state is nil.\n…"]) {
///   await store.send(.detail(.tick))
/// }
/// ```
///
/// - Parameters:
///   - expected: The issues' texts.
///   - sourceLocation: Where a mismatch is reported.
///   - body: What records them.
@MainActor
package func expectIssues(
  _ expected: [String],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let recorded = ValueLog<String>()
  await withKnownIssue {
    await body()
  } matching: { issue in
    recorded.append(issue.comments.first?.rawValue ?? "")
    return true
  }
  #expect(recorded.all == expected, sourceLocation: sourceLocation)
}
