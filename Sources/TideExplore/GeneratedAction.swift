import Tide

/// A family of actions whose payload the explorer makes up: strings, whole numbers, or values
/// drawn from the current state, each shrunk to the simplest payload that still fails.
///
/// Literal actions (``Explorer``'s `actions`) cover the cases a feature's author thought of; a
/// generated action covers the ones they did not, such as the 11-character username a validation
/// that is off by one lets through:
///
/// ```swift
/// let explorer = Explorer(
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environment: { calls, clock in .explorable(calls: calls, clock: clock) },
///   actions: { _ in [.loginButtonTapped] },
///   generated: [
///     .string(CasePath(Login.Action.usernameChanged), alphabet: "ab", length: 0...12),
///     .string(CasePath(Login.Action.passwordChanged), alphabet: "aA1", length: 0...6),
///   ],
///   invariants: Login.invariants
/// )
/// ```
///
/// Random mode draws a payload with the run's seeded generator, so the same seed makes the same
/// payloads. Exhaustive mode tries a few simple payloads of each (see each kind). Shrinking makes
/// a failing payload simpler step by step (shorter strings, earlier characters, numbers nearer
/// zero, earlier elements) while the failure stays the same.
public struct GeneratedAction<State, Action> {
  /// What the generator is, as reports print it: `string(alphabet: "ab", length: 0...12)`.
  public let description: String
  /// Why the generator cannot make anything, when it cannot: the exploration reports it
  /// instead of running.
  let problem: String?
  @usableFromInline let draw: (State, inout SeededRandom) -> Action?
  @usableFromInline let samples: (State) -> [Action]
  let simpler: (_ action: Action, _ state: State) -> [Action]

  /// Actions carrying strings of characters from `alphabet`, of a length in `length`: the
  /// number of characters drawn. Characters that join when side by side (a carriage return then
  /// a line feed, two regional indicators) make a string Swift counts as shorter.
  ///
  /// Exhaustive mode tries the shortest string of the alphabet's first character and, at the
  /// shortest non-empty length, one string of each of the alphabet's first three characters.
  /// Shrinking tries the shortest string of the first character, then halves, single characters
  /// removed, and characters replaced by the first.
  ///
  /// <!-- example: in search-generated -->
  /// ```swift
  /// .string(CasePath(AddLocation.Action.queryChanged), alphabet: "Bru ", length: 0...6)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The action case that carries the string.
  ///   - alphabet: The characters strings are made of, simplest first; at least one unless
  ///     `length` allows only the empty string.
  ///   - length: How many characters a string has; from 0 to ``maximumLength``.
  public static func string(
    _ path: CasePath<Action, String>, alphabet: String, length: ClosedRange<Int>
  ) -> Self {
    let characters = Array(alphabet)
    let description = "string(alphabet: \(alphabet.debugDescription), length: \(length))"
    let problem: String?
    if length.lowerBound < 0 {
      problem = "\(description): a length cannot be negative"
    } else if length.upperBound > maximumLength {
      problem =
        "\(description): a string longer than \(maximumLength) characters is not drawn; "
        + "lower the length's upper bound"
    } else if characters.isEmpty, length.upperBound > 0 {
      problem = "\(description): the alphabet is empty, so no string of that length can be made"
    } else {
      problem = nil
    }
    guard problem == nil else { return invalid(description, problem!) }
    let first = characters.first.map { String($0) } ?? ""
    let simplest = String(repeating: first, count: length.lowerBound)
    return Self(
      description: description, problem: nil,
      draw: { _, random in
        let count = Int.random(in: length, using: &random)
        return path.embed(
          String((0..<count).map { _ in characters.randomElement(using: &random)! }))
      },
      samples: { _ in
        let short = max(length.lowerBound, 1)
        var strings = [simplest]
        if length.contains(short) {
          strings += characters.prefix(3).map { String(repeating: String($0), count: short) }
        }
        return unique(strings).map(path.embed)
      },
      simpler: { action, _ in
        guard let text = path.extract(action) else { return [] }
        let current = Array(text)
        var candidates = [simplest]
        let half = current.count / 2
        if half > 0 {
          candidates.append(String(current[half...]))
          candidates.append(String(current[..<half]))
        }
        // A long string is shrunk by halves, quarters and its plainest form only: removing or
        // replacing each character would make a candidate per character, each as long as the
        // string.
        guard current.count <= Self.characterByCharacter else {
          let quarter = current.count / 4
          for start in stride(from: 0, to: current.count, by: max(quarter, 1)).prefix(4) {
            candidates.append(
              String(current[..<start] + current[min(start + quarter, current.count)...]))
          }
          // Shorter by a half, a quarter, an eighth… down to one character: the shortest that
          // still fails is found in a number of tries that grows with the length's logarithm.
          var cut = current.count / 2
          while cut > 0 {
            candidates.append(String(current.prefix(current.count - cut)))
            cut /= 2
          }
          if let firstCharacter = characters.first {
            candidates.append(String(repeating: String(firstCharacter), count: current.count))
          }
          return unique(candidates.filter { length.contains($0.count) && $0 != text })
            .map(path.embed)
        }
        for index in current.indices {
          var shorter = current
          shorter.remove(at: index)
          candidates.append(String(shorter))
        }
        if let firstCharacter = characters.first {
          for index in current.indices where current[index] != firstCharacter {
            var plainer = current
            plainer[index] = firstCharacter
            candidates.append(String(plainer))
          }
        }
        return unique(candidates.filter { length.contains($0.count) && $0 != text })
          .map(path.embed)
      })
  }

  /// Actions carrying whole numbers in `range`.
  ///
  /// Random mode draws the bounds and the number nearest zero a quarter of the time, where
  /// off-by-one bugs live, and any number in the range otherwise. Exhaustive mode tries the
  /// number nearest zero and both bounds. Shrinking moves towards the number nearest zero.
  ///
  /// <!-- example: in search-generated -->
  /// ```swift
  /// .integer(CasePath(AddLocation.Action.locationTapped), in: -1...3)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The action case that carries the number.
  ///   - range: The numbers to draw from.
  public static func integer(_ path: CasePath<Action, Int>, in range: ClosedRange<Int>) -> Self {
    let target =
      range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
    return Self(
      description: "integer(in: \(range))", problem: nil,
      draw: { _, random in
        if Int.random(in: 0..<4, using: &random) == 0 {
          return path.embed(
            [range.lowerBound, range.upperBound, target].randomElement(using: &random)!)
        }
        return path.embed(Int.random(in: range, using: &random))
      },
      samples: { _ in unique([target, range.lowerBound, range.upperBound]).map(path.embed) },
      simpler: { action, _ in
        // A value outside the range (a literal action, another generator's) is not this
        // generator's to shrink; inside it, no difference below overflows.
        guard let value = path.extract(action), value != target, range.contains(value) else {
          return []
        }
        let step = value > target ? -1 : 1
        let halfway = target + (value - target) / 2
        return unique([target, halfway, value + step].filter { $0 != value && range.contains($0) })
          .map(path.embed)
      })
  }

  /// Actions carrying one of the values the state offers: an index into a list, an identifier
  /// of a row. A state that offers none draws none.
  ///
  /// Exhaustive mode tries the first 16 values; shrinking tries the values before the failing
  /// one, first to last.
  ///
  /// <!-- example: in search-generated -->
  /// ```swift
  /// .element(CasePath(AddLocation.Action.locationTapped), of: { Array($0.locations.indices) })
  /// ```
  ///
  /// - Parameters:
  ///   - path: The action case that carries the value.
  ///   - values: The values a state offers, simplest first.
  public static func element<Value: Equatable>(
    _ path: CasePath<Action, Value>, of values: @escaping (State) -> [Value]
  ) -> Self {
    Self(
      description: "element(of: the state's values)", problem: nil,
      draw: { state, random in values(state).randomElement(using: &random).map(path.embed) },
      samples: { state in values(state).prefix(16).map(path.embed) },
      simpler: { action, state in
        guard let value = path.extract(action) else { return [] }
        let offered = values(state)
        guard let index = offered.firstIndex(of: value) else { return [] }
        return offered[..<index].map(path.embed)
      })
  }

  /// The longest string `.string` draws: longer ones would make each step of a run cost
  /// megabytes.
  public static var maximumLength: Int { 100_000 }

  /// The longest string shrunk a character at a time; longer ones are shrunk by halves and
  /// quarters.
  static var characterByCharacter: Int { 64 }

  private static func invalid(_ description: String, _ problem: String) -> Self {
    Self(
      description: description, problem: problem, draw: { _, _ in nil }, samples: { _ in [] },
      simpler: { _, _ in [] })
  }
}

/// The values in order, each once.
private func unique<Value: Equatable>(_ values: [Value]) -> [Value] {
  var result: [Value] = []
  for value in values where !result.contains(value) { result.append(value) }
  return result
}
