import Tide

/// Loops for counting instructions (`tide-benchmarks profile NAME COUNT`): each sends actions
/// of one kind through a function named `profileLoop…`, so that
///
/// ```sh
/// swift build -c release --product tide-benchmarks
/// # valgrind gives up on the DWARF of a Swift release build: count a copy without it
/// strip -g .build/release/tide-benchmarks -o .build/tide-benchmarks-stripped
/// SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect='*profileLoop*' \
///   .build/tide-benchmarks-stripped profile element 20000
/// ```
///
/// counts those sends alone: a warm-up of 1,000 (100 for `shared-rows`) and then `COUNT`, so
/// divide the total by their sum. The store's creation is not counted. Instruction counts repeat
/// from run to run, where times on a shared machine do not; `SWIFT_DETERMINISTIC_HASHING` fixes
/// the hash tables' probe lengths, which otherwise change with each process's seed.
///
/// `trip`, `floor` and `floor-back` are the effect round trip and its two floors (see the
/// runtime benchmarks), for counting the jobs a run enqueues rather than instructions: each is
/// a thread wake-up when the thread it goes to is idle. With uprobes on the concurrency runtime,
///
/// ```sh
/// LIB=/opt/swift/usr/lib/swift/linux/libswift_Concurrency.so   # where the toolchain is
/// perf probe -x $LIB --add swift_dispatchEnqueueGlobal
/// perf probe -x $LIB --add swift_dispatchEnqueueMain
/// perf stat -e 'probe_libswift_Concurrency:*' .build/release/tide-benchmarks profile trip 10000
/// ```
///
/// counts them (divide by 11,000).
@MainActor
func runProfileLoop(_ name: String, count: Int) async -> Bool {
  switch name {
  case "trip":
    let store = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
    await profileLoopTrip(store, 1_000)
    await profileLoopTrip(store, count)
  case "floor":
    await profileLoopFloor(1_000)
    await profileLoopFloor(count)
  case "floor-back":
    await profileLoopFloorBack(1_000)
    await profileLoopFloorBack(count)
  case "root":
    let store = Store(initialState: BenchState(), reducer: benchReducer, environment: ())
    profileLoopRoot(store, 1_000)
    profileLoopRoot(store, count)
  case "element":
    let store = Store(
      initialState: BenchRows(rows: IdentifiedArray((0..<1_000).map { BenchRow(id: $0) })),
      reducer: benchRowsReducer, environment: ())
    profileLoopElement(store, 1_000)
    profileLoopElement(store, count)
  case "iflets":
    let store = nestedIfLets()
    profileLoopIfLets(store, 1_000)
    profileLoopIfLets(store, count)
  case "combined":
    let store = combinedIfLet()
    profileLoopCombined(store, 1_000)
    profileLoopCombined(store, count)
  case "shared-root":
    let store = profilePlainList()
    profileLoopSharedRoot(store, 1_000)
    profileLoopSharedRoot(store, count)
  case "shared-rows":
    let store = profileSharingList()
    profileLoopSharedRows(store, 100)
    profileLoopSharedRows(store, count)
  default:
    return false
  }
  return true
}

/// The names `runProfileLoop(_:count:)` knows.
let profileLoopNames = [
  "root", "element", "iflets", "combined", "shared-root", "shared-rows", "trip", "floor",
  "floor-back",
]

/// A list that holds a copy of a shared value, with rows that hold none: a state type of its
/// own, not generic, as a feature's is.
struct ProfilePlainList: Equatable, Sendable, SharedState {
  var picked = Shared(key: "picked", default: [Int]())
  var rows: IdentifiedArray<PlainRow>
  static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
}

/// The same list, with rows that each hold a copy too.
struct ProfileSharingList: Equatable, Sendable, SharedState {
  var picked = Shared(key: "picked", default: [Int]())
  var rows: IdentifiedArray<SharingRow>
  static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
}

let profilePath = CasePath<SharingListAction, (Int, SharingRowAction)>(
  embed: SharingListAction.row,
  extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })

@MainActor
func profilePlainList() -> Store<ProfilePlainList, SharingListAction> {
  let row = Reducer<PlainRow, SharingRowAction, Void> { row, _, _ in
    row.count &+= 1
    return .none
  }
  return Store(
    initialState: ProfilePlainList(rows: IdentifiedArray((0..<10).map { PlainRow(id: $0) })),
    reducer: Reducer<ProfilePlainList, SharingListAction, Void> { _, _, _ in .none }
      .forEach(\.rows, action: profilePath, environment: { $0 }, child: row),
    environment: ())
}

@MainActor
func profileSharingList() -> Store<ProfileSharingList, SharingListAction> {
  let row = Reducer<SharingRow, SharingRowAction, Void> { row, _, _ in
    row.count &+= 1
    return .none
  }
  return Store(
    initialState: ProfileSharingList(rows: IdentifiedArray((0..<10).map { SharingRow(id: $0) })),
    reducer: Reducer<ProfileSharingList, SharingListAction, Void> { _, _, _ in .none }
      .forEach(\.rows, action: profilePath, environment: { $0 }, child: row),
    environment: ())
}

@MainActor @inline(never)
func profileLoopRoot(_ store: Store<BenchState, BenchAction>, _ count: Int) {
  for _ in 0..<count { store.send(.increment) }
}

@MainActor @inline(never)
func profileLoopElement(_ store: Store<BenchRows, BenchRowsAction>, _ count: Int) {
  var id = 0
  for _ in 0..<count {
    store.send(.row(id: id, action: .increment))
    id = id == 999 ? 0 : id + 1
  }
}

@MainActor @inline(never)
func profileLoopIfLets(_ store: NestedIfLetsStore, _ count: Int) {
  let action = nestedAction
  for _ in 0..<count { store.send(action) }
}

@MainActor @inline(never)
func profileLoopSharedRoot(_ store: Store<ProfilePlainList, SharingListAction>, _ count: Int) {
  var id = 0
  for _ in 0..<count {
    store.send(.row(id, .increment))
    id = id == 9 ? 0 : id + 1
  }
}

@MainActor @inline(never)
func profileLoopSharedRows(
  _ store: Store<ProfileSharingList, SharingListAction>, _ count: Int
) {
  var id = 0
  for _ in 0..<count {
    store.send(.row(id, .increment))
    id = id == 9 ? 0 : id + 1
  }
}

@MainActor @inline(never)
func profileLoopTrip(_ store: Store<BenchState, BenchAction>, _ count: Int) async {
  for _ in 0..<count { await store.send(.roundTrip).finish() }
}

@MainActor @inline(never)
func profileLoopFloor(_ count: Int) async {
  for _ in 0..<count { await Task.detached { await mainActorNoop() }.value }
}

@MainActor @inline(never)
func profileLoopFloorBack(_ count: Int) async {
  for _ in 0..<count {
    await Task.detached {
      await mainActorNoop()
      nonisolatedNoop()
    }.value
  }
}

/// A parent whose `ifLet` child is there, combined with a reducer of its own: the combine looks
/// at the child around each step (a sibling that removed it would have its effects cancelled).
@MainActor
func combinedIfLet() -> Store<O1, A1> {
  let presenting = (parentReducer() as Reducer<O1, A1, Void>).ifLet(
    \O1.child, action: levelPath(), environment: { $0 }, child: leaf)
  let other = Reducer<O1, A1, Void> { state, action, _ in
    if case .other = action { state.other &+= 1 }
    return .none
  }
  return Store(
    initialState: O1(child: 0), reducer: .combine(presenting, other), environment: ())
}

/// Sends the parent's own action, which the child does not handle.
@MainActor @inline(never)
func profileLoopCombined(_ store: Store<O1, A1>, _ count: Int) {
  for _ in 0..<count { store.send(.other) }
}
