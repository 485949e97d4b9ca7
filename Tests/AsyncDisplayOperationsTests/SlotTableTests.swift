import AsyncDisplayTesting
import Testing

@testable import AsyncDisplayOperations

@Suite("Slot table")
struct SlotTableTests {
    @Test("Answers like a dictionary on random inserts, updates and removals", arguments: 0..<20)
    func matchesDictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Few identities for many steps, so that probe runs collide, wrap and shift back often.
        let pool = (0..<48).map { _ in OperationStep<Void>("x") { _ in }.id }
        var table = SlotTable()
        var reference: [OperationID: Int] = [:]
        for step in 0..<2_000 {
            let id = pool[Int(random.next() % UInt64(pool.count))]
            switch random.next() % 8 {
            case 0..<4:
                table[id] = step
                reference[id] = step
            case 4..<7:
                table[id] = nil
                reference[id] = nil
            default:
                table.removeAll()
                reference.removeAll()
            }
            #expect(table.count == reference.count)
            #expect(pool.allSatisfy { table[$0] == reference[$0] }, "step \(step)")
        }
    }

    @Test("Keeps every entry through growth and a reservation")
    func growth() {
        let ids = (0..<1_000).map { _ in OperationStep<Void>("x") { _ in }.id }
        var table = SlotTable()
        for (slot, id) in ids.prefix(500).enumerated() { table[id] = slot }
        table.reserveCapacity(2_000)
        for (slot, id) in ids.enumerated().dropFirst(500) { table[id] = slot }
        #expect(table.count == ids.count)
        #expect(ids.indices.allSatisfy { table[ids[$0]] == $0 })
    }
}
