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
        /// The submission order complemented, so that it grows as the sequence falls: with `rank`,
        /// one 128-bit number that is larger for the entry that goes first.
        private let order: UInt64
        let slot: Int

        private static let pathBits: UInt64 = 58

        init(priority: Int, criticalPath: Int64, sequence: Int, slot: Int) {
            let level = UInt64(min(max(priority, -16), 15) + 16)
            let path = UInt64(min(max(criticalPath, 0), Int64(1 << Self.pathBits) - 1))
            rank = level << Self.pathBits | path
            order = ~UInt64(truncatingIfNeeded: sequence)
            self.slot = slot
        }

        /// The node's submission order, unique in its manager: it also tells whether the slot
        /// still holds the node the entry was made for.
        var sequence: Int { Int(truncatingIfNeeded: ~order) }

        /// Whether `self` starts before `other`: higher rank, then earlier submission, compared
        /// without a branch.
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            UInt128(rank) << 64 | UInt128(order) > UInt128(other.rank) << 64 | UInt128(other.order)
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

    /// Takes the first entry out.
    ///
    /// The hole left at the root goes down to a leaf along the best children, without comparing
    /// against the entry that fills it (the last one, which mostly belongs near the bottom); that
    /// entry then rises from there, usually not at all.
    mutating func pop() -> Entry? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        return heap.withUnsafeMutableBufferPointer { heap in
            // Safe: every child index is checked against `heap.count` before use, and a parent
            // index is below the hole it is taken from.
            let first = heap[0]
            let count = heap.count
            var hole = 0
            while true {
                let child = 4 * hole + 1
                var best = child
                if child + 3 < count {
                    // All four children: pick the best in a tournament of three comparisons.
                    let left = heap[child + 1].precedes(heap[child]) ? child + 1 : child
                    let right = heap[child + 3].precedes(heap[child + 2]) ? child + 3 : child + 2
                    best = heap[right].precedes(heap[left]) ? right : left
                } else {
                    guard child < count else { break }
                    for other in (child + 1)..<count where heap[other].precedes(heap[best]) { best = other }
                }
                heap[hole] = heap[best]
                hole = best
            }
            while hole > 0 {
                let parent = (hole - 1) / 4
                guard last.precedes(heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = last
            return first
        }
    }

    /// Drops every entry, keeping the storage.
    mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    /// The entries in no particular order, for diagnostics.
    var entries: [Entry] { heap }
}
