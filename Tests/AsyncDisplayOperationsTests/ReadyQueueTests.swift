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
        let id = OperationStep<Void>("x") { _ in }.id
        for sequence in 0..<200 {
            if random.next() % 3 == 0, let popped = queue.pop() {
                reference.sort { $0.precedes($1) }
                let expected = reference.removeFirst()
                #expect(popped.sequence == expected.sequence)
            } else {
                let entry = ReadyQueue.Entry(
                    priority: Int(random.next() % 3) * 4, criticalPath: Int64(random.next() % 4),
                    sequence: sequence, slot: sequence, id: id)
                queue.push(entry)
                reference.append(entry)
            }
        }
        reference.sort { $0.precedes($1) }
        var rest: [Int] = []
        while let entry = queue.pop() { rest.append(entry.sequence) }
        #expect(rest == reference.map(\.sequence))
    }
}
