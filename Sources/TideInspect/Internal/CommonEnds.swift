/// How many elements two collections share at their start, and then at their end (not counting
/// again the ones shared at the start): what a diff keeps in place around what changed.
///
/// - Returns: The two counts; `prefix + suffix` is at most the shorter collection's count.
func commonEnds<Element: Equatable>(_ old: [Element], _ new: [Element]) -> (
  prefix: Int, suffix: Int
) {
  var prefix = 0
  while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < old.count - prefix, suffix < new.count - prefix,
    old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
  {
    suffix += 1
  }
  return (prefix, suffix)
}
