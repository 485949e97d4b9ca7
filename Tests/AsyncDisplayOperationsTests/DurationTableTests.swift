import AsyncDisplayTesting
import Testing

@testable import AsyncDisplayOperations

@Suite("Duration table")
struct DurationTableTests {
    @Test("Gives places like a dictionary of first submissions, and none once full", arguments: 0..<10)
    func matchesDictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // ASCII names, non-ASCII ones, and one canonically equal to another spelt differently.
        let names =
            (0..<1_500).map { "step \($0)" } + ["café", "cafe\u{301}", "日本", "", "step 1\u{0}"]
        var table = DurationTable()
        var reference: [String: Int] = [:]
        for _ in 0..<6_000 {
            let name = names[Int(random.next() % UInt64(names.count))]
            let place = table.place(of: name)
            if let known = reference[name] {
                #expect(place == known, "\(name)")
            } else if reference.count < DurationTable.capacity {
                #expect(place == reference.count, "\(name)")
                reference[name] = reference.count
            } else {
                #expect(place == nil, "\(name)")
            }
            #expect(table.count == reference.count)
        }
    }

    @Test("Keeps each place's duration apart, 0 until one is written")
    func durationsByPlace() throws {
        var table = DurationTable()
        let madeFirst = table.place(of: "first")
        let madeSecond = table.place(of: "second")
        let first = try #require(madeFirst)
        let second = try #require(madeSecond)
        #expect(table[first] == 0 && table[second] == 0)
        table[second] = 40
        #expect(table[first] == 0 && table[second] == 40)
        #expect(table.place(of: "second") == second)
    }
}
