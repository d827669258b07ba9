import Foundation
import Testing

@testable import Tide

/// `IdentifiedArray` against a plain array of unique elements, under random operations: after
/// every operation both hold the same elements, and every identifier (present or not) is found
/// at the model's position. A failure prints the seed and the operation; rerun it with
/// `TIDE_INDEX_SEED=N swift test --filter IdentifiedArrayModel`.
@Suite("IdentifiedArrayModel")
struct IdentifiedArrayModelTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_INDEX_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  struct Row<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    var id: ID
    var value: Int
  }

  /// An identifier whose hashes all collide: every lookup walks one long cluster, and every
  /// removal shifts it.
  struct Colliding: Hashable, Sendable, CustomStringConvertible {
    var raw: Int
    func hash(into hasher: inout Hasher) { hasher.combine(raw % 3) }
    var description: String { "#\(raw)" }
  }

  @Test("Integer identifiers (the multiply-shift hash)")
  func integers() {
    check(makeID: { $0 }, name: "Int")
  }

  @Test("Negative and extreme integer identifiers")
  func extremeIntegers() {
    check(makeID: { $0 % 2 == 0 ? Int.min + $0 : Int.max - $0 }, name: "extreme Int")
  }

  @Test("String identifiers (Hasher)")
  func strings() {
    check(makeID: { "row \($0)" }, name: "String")
  }

  @Test("Identifiers whose hashes collide")
  func colliding() {
    check(makeID: { Colliding(raw: $0) }, name: "Colliding", operations: 1_500)
  }

  /// Runs random operations on identifiers drawn from a small range, so that adds often hit
  /// an identifier that is present and removals often miss.
  func check<ID: Hashable & Sendable>(
    makeID: (Int) -> ID, name: String, operations: Int = 4_000
  ) {
    var random = SeededRandom(seed: Self.seed)
    var rows = IdentifiedArray<Row<ID>>()
    var model: [Row<ID>] = []
    let range = 0..<300
    for step in 0..<operations {
      let id = makeID(Int.random(in: range, using: &random))
      let value = step
      let operation: String
      switch Int.random(in: 0..<12, using: &random) {
      case 0, 1:
        operation = "append \(id)"
        rows.append(Row(id: id, value: value))
        if let position = model.firstIndex(where: { $0.id == id }) {
          model[position].value = value
        } else {
          model.append(Row(id: id, value: value))
        }
      case 2:
        let position = Int.random(in: 0...model.count, using: &random)
        operation = "insert \(id) at \(position)"
        rows.insert(Row(id: id, value: value), at: position)
        if let existing = model.firstIndex(where: { $0.id == id }) {
          model[existing].value = value
        } else {
          model.insert(Row(id: id, value: value), at: position)
        }
      case 3:
        operation = "remove(id: \(id))"
        let removed = rows.remove(id: id)
        let expected = model.firstIndex(where: { $0.id == id }).map { model.remove(at: $0) }
        #expect(removed == expected, "seed \(Self.seed), \(name), step \(step): \(operation)")
      case 4 where !model.isEmpty:
        let position = Int.random(in: 0..<model.count, using: &random)
        operation = "remove(at: \(position))"
        #expect(rows.remove(at: position) == model.remove(at: position))
      case 5:
        operation = "[id: \(id)] = nil"
        rows[id: id] = nil
        model.removeAll { $0.id == id }
      case 6 where !model.isEmpty:
        let position = Int.random(in: 0..<model.count, using: &random)
        operation = "modify(at: \(position)) to \(id)"
        rows.modify(at: position) { $0.id = id }
        // Taking another element's identifier removes that other element.
        if let other = model.firstIndex(where: { $0.id == id }), other != position {
          model[position].id = id
          model.remove(at: other)
        } else {
          model[position].id = id
        }
      case 7 where step % 50 == 0:
        let modulus = Int.random(in: 2...5, using: &random)
        operation = "removeAll(where: value % \(modulus) == 0)"
        rows.removeAll { $0.value % modulus == 0 }
        model.removeAll { $0.value % modulus == 0 }
      case 8 where !model.isEmpty && step % 5 == 0:
        let offsets = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          Int.random(in: 0..<model.count, using: &random)
        }
        let destination = Int.random(in: 0...model.count, using: &random)
        operation = "move(fromOffsets: \(offsets), toOffset: \(destination))"
        rows.move(fromOffsets: offsets, toOffset: destination)
        // The model moves one element at a time, counting the destination after removals.
        let moving = Set(offsets).sorted()
        let moved = moving.map { model[$0] }
        for offset in moving.reversed() { model.remove(at: offset) }
        model.insert(
          contentsOf: moved, at: destination - moving.filter { $0 < destination }.count)
      case 9 where !model.isEmpty && step % 5 == 0:
        let offsets = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          Int.random(in: 0..<model.count, using: &random)
        }
        operation = "remove(atOffsets: \(offsets))"
        rows.remove(atOffsets: offsets)
        for offset in Set(offsets).sorted().reversed() { model.remove(at: offset) }
      case 10 where step % 40 == 0:
        let modulus = Int.random(in: 2...7, using: &random)
        operation = "sort by value % \(modulus)"
        rows.sort { $0.value % modulus < $1.value % modulus }
        // A stable sort: ties keep their order.
        model = model.enumerated().sorted {
          ($0.element.value % modulus, $0.offset) < ($1.element.value % modulus, $1.offset)
        }.map(\.element)
      case 11 where step % 40 == 0:
        let modulus = Int.random(in: 2...5, using: &random)
        operation = "filter(value % \(modulus) != 0)"
        rows = rows.filter { $0.value % modulus != 0 }
        model = model.filter { $0.value % modulus != 0 }
      default:
        operation = "[id: \(id)]?.value = \(value)"
        rows[id: id]?.value = value
        if let position = model.firstIndex(where: { $0.id == id }) {
          model[position].value = value
        }
      }
      let context = "seed \(Self.seed), \(name), step \(step): \(operation)"
      guard Array(rows) == model, rows.ids == model.map(\.id) else {
        Issue.record("\(context): the elements differ from the model")
        return
      }
      for probe in range {
        let probeID = makeID(probe)
        let position = rows.index(id: probeID)
        guard position == model.firstIndex(where: { $0.id == probeID }) else {
          Issue.record("\(context): \(probeID) found at \(String(describing: position))")
          return
        }
      }
    }
  }

  @Test("Grows through many table sizes and shrinks to empty")
  func growsAndShrinks() {
    var rows = IdentifiedArray<Row<Int>>()
    for id in 0..<20_000 { rows.append(Row(id: id * 7, value: id)) }
    #expect(rows.count == 20_000)
    #expect((0..<20_000).allSatisfy { rows.index(id: $0 * 7) == $0 })
    #expect(rows.index(id: 1) == nil)
    // Remove from the front, the back and the middle in turn.
    var expected = Array(0..<20_000).map { $0 * 7 }
    var random = SeededRandom(seed: Self.seed)
    while !expected.isEmpty {
      let position = Int.random(in: 0..<expected.count, using: &random)
      let id = expected.remove(at: position)
      #expect(rows.remove(id: id)?.id == id)
      if expected.count % 997 == 0 {
        #expect(rows.ids == expected, "seed \(Self.seed)")
        #expect(
          expected.indices.allSatisfy { rows.index(id: expected[$0]) == $0 }, "seed \(Self.seed)")
      }
    }
    #expect(rows.isEmpty)
    #expect(rows.index(id: 0) == nil)
  }
}
