/// The operations ready to start, best first: higher priority, then the longer remaining
/// critical path, then submission order.
///
/// A 4-ary heap: half the levels of a binary one, and the four children of an entry sit side by
/// side in memory, so a pop from a queue of thousands touches few cache lines. Entries carry
/// their keys, so the heap stays valid whatever happens to the nodes; entries whose node has
/// moved on are skipped by the caller when popped.
///
/// Complexity: O(log n) to push and pop.
struct ReadyQueue: Sendable {
    struct Entry: Sendable {
        /// Priority and remaining critical path in one number that orders like the pair:
        /// the priority in the top bits, the path (clamped to what fits) below.
        let rank: UInt64
        /// The node's submission order, unique in its manager: it also tells whether the slot
        /// still holds the node the entry was made for.
        let sequence: Int
        let slot: Int

        private static let pathBits: UInt64 = 58

        init(priority: Int, criticalPath: Int64, sequence: Int, slot: Int) {
            let level = UInt64(min(max(priority, -16), 15) + 16)
            let path = UInt64(min(max(criticalPath, 0), Int64(1 << Self.pathBits) - 1))
            rank = level << Self.pathBits | path
            self.sequence = sequence
            self.slot = slot
        }

        /// Whether `self` starts before `other`.
        func precedes(_ other: Entry) -> Bool {
            rank != other.rank ? rank > other.rank : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    mutating func push(_ entry: Entry) {
        heap.append(entry)
        // Sift up by moving parents into a hole, writing the entry once where it belongs.
        heap.withUnsafeMutableBufferPointer { heap in
            // Safe: every index is below `heap.count` (a child's parent is smaller than it).
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 4
                guard entry.precedes(heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = entry
        }
    }

    mutating func pop() -> Entry? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        // Sift the last entry down from the root by moving the better child into a hole.
        return heap.withUnsafeMutableBufferPointer { heap in
            // Safe: every child index is checked against `heap.count` before use.
            let first = heap[0]
            let count = heap.count
            var hole = 0
            while true {
                let firstChild = 4 * hole + 1
                guard firstChild < count else { break }
                var best = firstChild
                for child in (firstChild + 1)..<min(firstChild + 4, count) where heap[child].precedes(heap[best]) {
                    best = child
                }
                guard heap[best].precedes(last) else { break }
                heap[hole] = heap[best]
                hole = best
            }
            heap[hole] = last
            return first
        }
    }

    /// The entries in no particular order, for diagnostics.
    var entries: [Entry] { heap }
}
