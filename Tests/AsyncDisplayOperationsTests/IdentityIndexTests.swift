import Testing

@testable import AsyncDisplayOperations

@Suite("Identity index")
struct IdentityIndexTests {
    /// Every list of up to four identities drawn from five consecutive ones, repeats allowed.
    static func allLists() -> [[Int]] {
        var lists: [[Int]] = [[]]
        var frontier: [[Int]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { list in (0..<5).map { list + [$0] } }
            lists += frontier
        }
        return lists
    }

    @Test("Finds positions and the first repeat like a linear search, on every small list")
    func matchesLinearSearch() {
        let pool = (0..<5).map { _ in OperationStep<Void>("x") { _ in }.id }
        let stranger = OperationStep<Void>("stranger") { _ in }.id
        for list in Self.allLists() {
            let ids = list.map { pool[$0] }
            let index = IdentityIndex(count: ids.count) { ids[$0] }
            let firstRepeat = ids.indices.first { position in ids[..<position].contains(ids[position]) }
            #expect(index.firstRepeat == firstRepeat, "\(list)")
            guard firstRepeat == nil else { continue }
            for id in pool + [stranger] {
                #expect(index.position(of: id) == ids.firstIndex(of: id), "\(list)")
            }
        }
    }
}
