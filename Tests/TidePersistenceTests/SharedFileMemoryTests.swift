import Foundation
import Testing
import TideTestSupport

@testable import Tide
@testable import TidePersistence

/// What a shared file remembers of the stores that save through it is bounded: a process that
/// makes a store for each request keeps the latest stores', and a store it forgot is kept
/// beside the file rather than written over it.
@Suite struct SharedFileMemoryTests {
  /// Saves `value` as the store `store`'s `persisting` would.
  static func save(_ value: Int, through file: SharedFile<Int>, as store: UInt64) throws {
    try SharedSaveOrigin.$current.withValue(store) { try file.save(value) }
  }

  @Test func aThousandStoresSavingOneAfterAnotherAreNotAllRemembered() throws {
    let folder = try ScratchFolder("shared-file-memory")
    let path = folder.file("count.json")
    let file = SharedFile<Int>(path: path)
    var stores: [UInt64] = []
    for value in 1...1_000 {
      // Each request loads the file and makes a store, which saves.
      _ = file.load(default: 0, ifMissing: .expected)
      let store = SharedSaveOrigin.next()
      stores.append(store)
      try Self.save(value, through: file, as: store)
    }
    #expect(file.rememberedStores <= 2 * 256)
    #expect(file.rememberedStores >= 256)
    // The latest store is remembered: it goes on saving.
    try Self.save(1_001, through: file, as: stores[999])
    #expect(file.load(default: 0) == 1_001)
    // The first was forgotten: it saves as a store made from the file's first load, behind.
    #expect(throws: SharedFileError.changedElsewhere(path: path, keptAt: path + ".conflict-1")) {
      try Self.save(2, through: file, as: stores[0])
    }
    #expect(file.load(default: 0) == 1_001)
  }
}
