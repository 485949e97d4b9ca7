import AsyncDisplayTesting
import Testing

@testable import AsyncDisplayOperations

@Suite("Ready queue")
struct ReadyQueueTests {
    @Test("Pops in the order a full sort gives, on random pushes and pops", arguments: 0..<20)
    func matchesSort(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queue = ReadyQueue()
        var reference: [ReadyQueue.Entry] = []
        for sequence in 0..<200 {
            if random.next() % 3 == 0, let popped = queue.pop() {
                reference.sort { $0.precedes($1) }
                let expected = reference.removeFirst()
                #expect(popped.sequence == expected.sequence)
            } else {
                let entry = ReadyQueue.Entry(
                    priority: Int(random.next() % 5) * 4 - 8, criticalPath: Self.criticalPath(&random),
                    sequence: sequence, slot: sequence)
                queue.push(entry)
                reference.append(entry)
            }
        }
        reference.sort { $0.precedes($1) }
        var rest: [Int] = []
        while let entry = queue.pop() { rest.append(entry.sequence) }
        #expect(rest == reference.map(\.sequence))
    }

    @Test("An entry goes first by priority, then longer critical path, then earlier submission")
    func precedesLikeTheKeys() {
        let paths: [Int64] = [0, 1, 2, 1 << 40, (1 << 58) - 1]
        var entries: [(priority: Int, path: Int64, entry: ReadyQueue.Entry)] = []
        for priority in stride(from: -8, through: 8, by: 4) {
            for path in paths {
                for sequence in 0..<2 {
                    let entry = ReadyQueue.Entry(priority: priority, criticalPath: path, sequence: sequence, slot: 0)
                    entries.append((priority, path, entry))
                }
            }
        }
        for a in entries {
            for b in entries {
                let expected =
                    a.priority != b.priority
                    ? a.priority > b.priority
                    : a.path != b.path ? a.path > b.path : a.entry.sequence < b.entry.sequence
                #expect(a.entry.precedes(b.entry) == expected)
            }
        }
    }

    /// A small path (ties likely) or, now and then, one too long to keep exactly.
    private static func criticalPath(_ random: inout SplitMix64) -> Int64 {
        switch random.next() % 8 {
        case 0: Int64.max - Int64(random.next() % 2)
        case 1: Int64(1) << 60
        default: Int64(random.next() % 4)
        }
    }
}
